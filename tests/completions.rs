//! The completion scripts hold every description as text their shell reads back whole.

use crate::common;

/// fish: clap_complete writes each option's values and their descriptions inside one
/// double-quoted argument (`-a "hb\t'...'\njson\t'...'"`) and escapes no `"` in them, so a
/// description with a double quote ended the argument early (the JSON format's example,
/// `{"graphs":..}`, then broke the rest of the line into brace expansions).
#[test]
fn fish_value_lists_end_where_they_should() {
    let script = common::run(&common::root(), &["completions", "fish"]);
    assert_eq!(script.code, 0, "{}", script.stderr);
    let text = script.stdout;
    let mut lists = 0;
    for (at, _) in text.match_indices(" -a \"") {
        let start = at + " -a \"".len();
        let end = start + text[start..].find('"').expect("a closing quote");
        let after = &text[end + 1..];
        assert!(
            after.is_empty() || after.starts_with('\n') || after.starts_with(' '),
            "a value list ends inside a description:\n{}",
            &text[start..(end + 40).min(text.len())]
        );
        lists += 1;
    }
    assert!(lists > 10, "{lists} value lists");
    // The problems of --problem carry their titles.
    assert!(
        text.contains("agc017d\\t'AtCoder AGC017 D Game on Tree'"),
        "{text}"
    );
}
