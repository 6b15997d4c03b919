//! The files `dot -o FILE` and `gen -o FILE` write: replaced only by complete content,
//! never when they are one of the inputs (by identity, whatever the path says), and `-o -`
//! is standard output. Each test is named after the way a file used to be destroyed.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

const BOWTIE: &str = include_str!("../examples/bowtie.hb");
const MALFORMED: &str = "ground: g\ng-a-\n";

fn hackenbush(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(args)
        .current_dir(dir)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The names in `dir`, sorted: no temporary file may be left behind.
fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

fn refused(out: &Output) -> bool {
    out.status.code() == Some(2)
        && stderr(out).contains("hackenbush never writes over its inputs")
        && out.stdout.is_empty()
}

#[test]
fn dot_onto_its_own_malformed_input_leaves_it_intact() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.hb"), MALFORMED).unwrap();
    let out = hackenbush(dir.path(), &["dot", "-o", "p.hb", "p.hb"]);
    assert!(refused(&out), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(dir.path().join("p.hb")).unwrap(),
        MALFORMED
    );
    assert_eq!(names(dir.path()), ["p.hb"]);
}

#[test]
fn dot_onto_its_own_good_input_is_refused_too() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.hb"), BOWTIE).unwrap();
    let out = hackenbush(
        dir.path(),
        &["dot", "--render", "svg", "-o", "p.hb", "p.hb"],
    );
    assert!(refused(&out), "{}", stderr(&out));
    assert_eq!(fs::read_to_string(dir.path().join("p.hb")).unwrap(), BOWTIE);
}

#[test]
fn dot_of_a_missing_input_leaves_the_output_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("keep.dot"), "keep me").unwrap();
    let out = hackenbush(dir.path(), &["dot", "-o", "keep.dot", "missing.hb"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("cannot read missing.hb"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("nothing written to keep.dot"),
        "{}",
        stderr(&out)
    );
    assert_eq!(
        fs::read_to_string(dir.path().join("keep.dot")).unwrap(),
        "keep me"
    );
    assert_eq!(names(dir.path()), ["keep.dot"]);
}

/// Half the pictures are not the picture: a file gets all of them or none.
#[test]
fn dot_with_one_bad_input_of_two_leaves_the_output_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("good.hb"), BOWTIE).unwrap();
    fs::write(dir.path().join("bad.hb"), MALFORMED).unwrap();
    fs::write(dir.path().join("out.dot"), "keep me").unwrap();
    let out = hackenbush(dir.path(), &["dot", "-o", "out.dot", "good.hb", "bad.hb"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        fs::read_to_string(dir.path().join("out.dot")).unwrap(),
        "keep me"
    );
}

#[test]
fn dot_onto_a_second_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("good.hb"), BOWTIE).unwrap();
    fs::write(dir.path().join("bad.hb"), MALFORMED).unwrap();
    let out = hackenbush(dir.path(), &["dot", "-o", "bad.hb", "good.hb", "bad.hb"]);
    assert!(refused(&out), "{}", stderr(&out));
    assert_eq!(
        fs::read_to_string(dir.path().join("bad.hb")).unwrap(),
        MALFORMED
    );
}

#[test]
fn dot_onto_an_input_by_another_path_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::create_dir(dir.path().join("sub")).unwrap();
    fs::write(dir.path().join("p.hb"), BOWTIE).unwrap();
    let mut other_names = vec!["./p.hb", "sub/../p.hb"];
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink("p.hb", dir.path().join("link.hb")).unwrap();
        fs::hard_link(dir.path().join("p.hb"), dir.path().join("hard.hb")).unwrap();
        other_names.extend(["link.hb", "hard.hb"]);
    }
    let absolute = dir.path().join("p.hb").display().to_string();
    other_names.push(&absolute);
    for name in other_names {
        let out = hackenbush(dir.path(), &["dot", "-o", name, "p.hb"]);
        assert!(refused(&out), "-o {name}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("it is the input p.hb"),
            "{}",
            stderr(&out)
        );
        assert_eq!(fs::read_to_string(dir.path().join("p.hb")).unwrap(), BOWTIE);
    }
}

#[test]
fn dot_onto_its_standard_input_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.hb"), BOWTIE).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(["dot", "--format", "hb", "-o", "p.hb"])
        .current_dir(dir.path())
        .stdin(fs::File::open(dir.path().join("p.hb")).unwrap())
        .output()
        .unwrap();
    assert!(refused(&out), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("it is the standard input"),
        "{}",
        stderr(&out)
    );
    assert_eq!(fs::read_to_string(dir.path().join("p.hb")).unwrap(), BOWTIE);
}

#[test]
fn dot_replaces_an_output_file_that_is_not_an_input() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.hb"), BOWTIE).unwrap();
    fs::write(dir.path().join("out.dot"), "old").unwrap();
    let out = hackenbush(dir.path(), &["dot", "-o", "out.dot", "p.hb"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let stdout = hackenbush(dir.path(), &["dot", "p.hb"]).stdout;
    assert_eq!(fs::read(dir.path().join("out.dot")).unwrap(), stdout);
    assert_eq!(names(dir.path()), ["out.dot", "p.hb"]);
}

#[test]
fn dash_output_is_standard_output() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("p.hb"), BOWTIE).unwrap();
    let dot = hackenbush(dir.path(), &["dot", "-o", "-", "p.hb"]);
    assert_eq!(dot.status.code(), Some(0), "{}", stderr(&dot));
    assert!(dot.stdout.starts_with(b"graph \"p.hb\" {"));
    let generated = hackenbush(
        dir.path(),
        &["gen", "stalks", "--heights", "1,2", "-o", "-"],
    );
    assert_eq!(generated.status.code(), Some(0), "{}", stderr(&generated));
    assert!(String::from_utf8_lossy(&generated.stdout).contains("g-1-2"));
    assert_eq!(names(dir.path()), ["p.hb"], "no file named -");
}

/// A write that fails half-way (here: the file-size limit, with its signal ignored so
/// that the write returns an error) leaves the file as it was, and no temporary beside it.
#[cfg(unix)]
#[test]
fn gen_that_fails_half_way_leaves_the_output_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("big.in"), "keep me").unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg("trap '' XFSZ; ulimit -f 64; exec \"$0\" gen path --edges 1000000 -o big.in")
        .arg(env!("CARGO_BIN_EXE_hackenbush"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stderr(&out), "error: cannot write big.in: file too large\n");
    assert_eq!(
        fs::read_to_string(dir.path().join("big.in")).unwrap(),
        "keep me"
    );
    assert_eq!(names(dir.path()), ["big.in"]);
}

/// A run killed half-way (the file-size signal) cannot clean up, but the file it was
/// replacing is untouched.
#[cfg(unix)]
#[test]
fn gen_killed_half_way_leaves_the_output_file_intact() {
    let dir = tempfile::tempdir().unwrap();
    fs::write(dir.path().join("big.in"), "keep me").unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg("ulimit -f 64; exec \"$0\" gen path --edges 1000000 -o big.in")
        .arg(env!("CARGO_BIN_EXE_hackenbush"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert_eq!(
        fs::read_to_string(dir.path().join("big.in")).unwrap(),
        "keep me"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn gen_onto_a_full_device_is_a_write_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = hackenbush(
        dir.path(),
        &["gen", "path", "--edges", "100000", "-o", "/dev/full"],
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        stderr(&out),
        "error: cannot write /dev/full: no space left on device\n"
    );
    assert!(
        Path::new("/dev/full").metadata().is_ok(),
        "the device is still there"
    );
}

#[cfg(unix)]
#[test]
fn a_new_output_file_gets_the_usual_permissions() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new("sh")
        .arg("-c")
        .arg("umask 022; exec \"$0\" gen path --edges 5 -o new.in")
        .arg(env!("CARGO_BIN_EXE_hackenbush"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mode = fs::metadata(dir.path().join("new.in"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}

/// `dot --render` waited forever on a Graphviz that hangs: it is stopped after
/// `--timeout` seconds (killed, not left running), with a message saying so, and nothing
/// is written.
#[cfg(target_os = "linux")]
#[test]
fn a_hanging_graphviz_is_stopped_after_the_timeout() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    fs::create_dir(&bin).unwrap();
    let fake = bin.join("dot");
    fs::write(&fake, "#!/bin/sh\necho $$ > \"$0.pid\"\nexec sleep 600\n").unwrap();
    fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
    fs::write(dir.path().join("p.hb"), BOWTIE).unwrap();
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let start = std::time::Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args([
            "dot",
            "--render",
            "svg",
            "--timeout",
            "1",
            "-o",
            "p.svg",
            "p.hb",
        ])
        .current_dir(dir.path())
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(start.elapsed().as_secs() < 30, "took {:?}", start.elapsed());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        "error: Graphviz `dot` did not finish within 1 s, and was stopped; allow it more \
         time with --timeout SECONDS (0: no limit)\n"
    );
    assert!(!dir.path().join("p.svg").exists());
    let pid = fs::read_to_string(bin.join("dot.pid")).unwrap();
    assert!(
        !Path::new(&format!("/proc/{}", pid.trim())).exists(),
        "the hanging dot (pid {pid}) is still running"
    );
}

/// The same hand-run `dot` reports a failing Graphviz with what it said, and a missing one
/// with how to install it.
#[cfg(unix)]
#[test]
fn a_failing_or_missing_graphviz_says_why() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("bin");
    fs::create_dir(&bin).unwrap();
    let fake = bin.join("dot");
    fs::write(&fake, "#!/bin/sh\necho 'Error: out of ink' >&2\nexit 3\n").unwrap();
    fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
    fs::write(dir.path().join("p.hb"), BOWTIE).unwrap();
    let render = |path: &Path| {
        Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .args(["dot", "--render", "svg", "-o", "p.svg", "p.hb"])
            .current_dir(dir.path())
            .env("PATH", path)
            .output()
            .unwrap()
    };
    let failing = render(&bin);
    assert_eq!(failing.status.code(), Some(2));
    assert_eq!(
        stderr(&failing),
        "error: Graphviz `dot` failed: Error: out of ink\n"
    );
    let missing = render(&dir.path().join("nowhere"));
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("Graphviz `dot` was not found on the PATH"),
        "{}",
        stderr(&missing)
    );
    assert!(!dir.path().join("p.svg").exists());
}
