//! `hackenbush man NAME` gives a page for every command `hackenbush --help` lists, clap's
//! own `help` included (issue 33: it panicked inside clap_mangen, exit 134).

use crate::common;

/// The commands `hackenbush --help` lists, in its order.
fn commands() -> Vec<String> {
    let help = common::run(&common::root(), &["--help"]);
    assert_eq!(help.code, 0, "{}", help.stderr);
    let listed = help.stdout.split("\nCommands:\n").nth(1).expect("a list");
    (listed.lines())
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .map(String::from)
        .collect()
}

#[test]
fn man_gives_a_page_for_every_command_help_included() {
    let names = commands();
    assert!(names.len() >= 12, "{names:?}");
    assert!(names.iter().any(|n| n == "help"), "{names:?}");
    for name in names {
        let page = common::run(&common::root(), &["man", &name]);
        assert_eq!(page.code, 0, "man {name}: {}", page.stderr);
        assert!(page.stderr.is_empty(), "man {name}: {}", page.stderr);
        let title = format!(".TH hackenbush-{name} 1");
        assert!(page.stdout.contains(&title), "man {name}:\n{}", page.stdout);
        assert!(page.stdout.contains("\n.SH VERSION\nv"), "man {name}");
    }
}
