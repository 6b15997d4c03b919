//! The files `dot -o FILE` and `gen -o FILE` write: replaced only by complete content,
//! never when they are one of the inputs (by identity, whatever the path says), and `-o -`
//! is standard output. Each test is named after the way a file used to be destroyed.

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use tempfile::TempDir;

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

/// `sh -c SCRIPT` in `dir`, where `$0` is the binary (for `ulimit` and `umask`).
fn in_shell(dir: &Path, script: &str) -> Output {
    Command::new("sh")
        .args(["-c", script, env!("CARGO_BIN_EXE_hackenbush")])
        .current_dir(dir)
        .output()
        .expect("sh runs")
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A temporary folder holding `files`, each a name and its content.
fn folder(files: &[(&str, &str)]) -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    for (name, content) in files {
        fs::write(dir.path().join(name), content).unwrap();
    }
    dir
}

/// The content of `name` in `dir`.
fn read(dir: &TempDir, name: &str) -> String {
    fs::read_to_string(dir.path().join(name)).unwrap()
}

/// The names in `dir`, sorted: no temporary file may be left behind.
fn names(dir: &TempDir) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Asserts that the run refused to write over one of its inputs, saying `because`.
fn assert_refused(out: &Output, because: &str) {
    let stderr = stderr(out);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("hackenbush never writes over its inputs"),
        "{stderr}"
    );
    assert!(stderr.contains(because), "{stderr}");
    assert!(out.stdout.is_empty());
}

#[test]
fn dot_onto_its_own_malformed_input_leaves_it_intact() {
    let dir = folder(&[("p.hb", MALFORMED)]);
    let out = hackenbush(dir.path(), &["dot", "-o", "p.hb", "p.hb"]);
    assert_refused(&out, "it is an input");
    assert_eq!(read(&dir, "p.hb"), MALFORMED);
    assert_eq!(names(&dir), ["p.hb"]);
}

#[test]
fn dot_onto_its_own_good_input_is_refused_too() {
    let dir = folder(&[("p.hb", BOWTIE)]);
    let args = ["dot", "--render", "svg", "-o", "p.hb", "p.hb"];
    assert_refused(&hackenbush(dir.path(), &args), "it is an input");
    assert_eq!(read(&dir, "p.hb"), BOWTIE);
}

#[test]
fn dot_of_a_missing_input_leaves_the_output_file_intact() {
    let dir = folder(&[("keep.dot", "keep me")]);
    let out = hackenbush(dir.path(), &["dot", "-o", "keep.dot", "missing.hb"]);
    assert_eq!(out.status.code(), Some(2));
    for said in ["cannot read missing.hb", "nothing written to keep.dot"] {
        assert!(stderr(&out).contains(said), "{}", stderr(&out));
    }
    assert_eq!(read(&dir, "keep.dot"), "keep me");
    assert_eq!(names(&dir), ["keep.dot"]);
}

/// Half the pictures are not the picture: a file gets all of them or none.
#[test]
fn dot_with_one_bad_input_of_two_leaves_the_output_file_intact() {
    let dir = folder(&[
        ("good.hb", BOWTIE),
        ("bad.hb", MALFORMED),
        ("out.dot", "keep me"),
    ]);
    let out = hackenbush(dir.path(), &["dot", "-o", "out.dot", "good.hb", "bad.hb"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(read(&dir, "out.dot"), "keep me");
}

#[test]
fn dot_onto_a_second_input_is_refused() {
    let dir = folder(&[("good.hb", BOWTIE), ("bad.hb", MALFORMED)]);
    let out = hackenbush(dir.path(), &["dot", "-o", "bad.hb", "good.hb", "bad.hb"]);
    assert_refused(&out, "it is an input");
    assert_eq!(read(&dir, "bad.hb"), MALFORMED);
}

#[test]
fn dot_onto_an_input_by_another_path_is_refused() {
    let dir = folder(&[("p.hb", BOWTIE)]);
    fs::create_dir(dir.path().join("sub")).unwrap();
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
        assert_refused(&out, "it is the input p.hb");
        assert_eq!(read(&dir, "p.hb"), BOWTIE, "-o {name}");
    }
}

#[test]
fn dot_onto_its_standard_input_is_refused() {
    let dir = folder(&[("p.hb", BOWTIE)]);
    let out = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(["dot", "--format", "hb", "-o", "p.hb"])
        .current_dir(dir.path())
        .stdin(fs::File::open(dir.path().join("p.hb")).unwrap())
        .output()
        .unwrap();
    assert_refused(&out, "it is the standard input");
    assert_eq!(read(&dir, "p.hb"), BOWTIE);
}

#[test]
fn dot_replaces_an_output_file_that_is_not_an_input() {
    let dir = folder(&[("p.hb", BOWTIE), ("out.dot", "old")]);
    let out = hackenbush(dir.path(), &["dot", "-o", "out.dot", "p.hb"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let stdout = hackenbush(dir.path(), &["dot", "p.hb"]).stdout;
    assert_eq!(fs::read(dir.path().join("out.dot")).unwrap(), stdout);
    assert_eq!(names(&dir), ["out.dot", "p.hb"]);
}

#[test]
fn dash_output_is_standard_output() {
    let dir = folder(&[("p.hb", BOWTIE)]);
    let dot = hackenbush(dir.path(), &["dot", "-o", "-", "p.hb"]);
    assert_eq!(dot.status.code(), Some(0), "{}", stderr(&dot));
    assert!(dot.stdout.starts_with(b"graph \"p.hb\" {"));
    let args = ["gen", "stalks", "--heights", "1,2", "-o", "-"];
    let generated = hackenbush(dir.path(), &args);
    assert_eq!(generated.status.code(), Some(0), "{}", stderr(&generated));
    assert!(String::from_utf8_lossy(&generated.stdout).contains("g-1-2"));
    assert_eq!(names(&dir), ["p.hb"], "no file named -");
}

/// A write that fails half-way (here: the file-size limit, with its signal ignored so
/// that the write returns an error) leaves the file as it was, and no temporary beside it.
#[cfg(unix)]
#[test]
fn gen_that_fails_half_way_leaves_the_output_file_intact() {
    let dir = folder(&[("big.in", "keep me")]);
    let script = "trap '' XFSZ; ulimit -f 64; exec \"$0\" gen path --edges 1000000 -o big.in";
    let out = in_shell(dir.path(), script);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert_eq!(stderr(&out), "error: cannot write big.in: file too large\n");
    assert_eq!(read(&dir, "big.in"), "keep me");
    assert_eq!(names(&dir), ["big.in"]);
}

/// A run killed half-way (the file-size signal) cannot clean up, but the file it was
/// replacing is untouched.
#[cfg(unix)]
#[test]
fn gen_killed_half_way_leaves_the_output_file_intact() {
    let dir = folder(&[("big.in", "keep me")]);
    let script = "ulimit -f 64; exec \"$0\" gen path --edges 1000000 -o big.in";
    assert!(!in_shell(dir.path(), script).status.success());
    assert_eq!(read(&dir, "big.in"), "keep me");
}

#[cfg(target_os = "linux")]
#[test]
fn gen_onto_a_full_device_is_a_write_error() {
    let dir = folder(&[]);
    let args = ["gen", "path", "--edges", "100000", "-o", "/dev/full"];
    let out = hackenbush(dir.path(), &args);
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
    let dir = folder(&[]);
    let out = in_shell(
        dir.path(),
        "umask 022; exec \"$0\" gen path --edges 5 -o new.in",
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mode = fs::metadata(dir.path().join("new.in"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o644);
}

/// A folder holding `p.hb` and a fake Graphviz running `script`, and the folder of the
/// fake (`bin`, to put on the `PATH`).
#[cfg(unix)]
fn with_fake_graphviz(script: &str) -> (TempDir, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let dir = folder(&[("p.hb", BOWTIE)]);
    let bin = dir.path().join("bin");
    fs::create_dir(&bin).unwrap();
    let fake = bin.join("dot");
    fs::write(&fake, script).unwrap();
    fs::set_permissions(&fake, fs::Permissions::from_mode(0o755)).unwrap();
    (dir, bin)
}

/// `hackenbush dot --render svg ARGS -o p.svg p.hb` in `dir`, with `path` for `PATH`.
#[cfg(unix)]
fn render(dir: &TempDir, args: &[&str], path: impl AsRef<std::ffi::OsStr>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .args(["dot", "--render", "svg"])
        .args(args)
        .args(["-o", "p.svg", "p.hb"])
        .current_dir(dir.path())
        .env("PATH", path)
        .output()
        .unwrap()
}

/// `dot --render` waited forever on a Graphviz that hangs: it is stopped after
/// `--timeout` seconds (killed, not left running), with a message saying so, and nothing
/// is written.
#[cfg(target_os = "linux")]
#[test]
fn a_hanging_graphviz_is_stopped_after_the_timeout() {
    let (dir, bin) = with_fake_graphviz("#!/bin/sh\necho $$ > \"$0.pid\"\nexec sleep 600\n");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // Not stopped, the fake `dot` would hold the test for ten minutes; stopped, the
    // message says so and the process is gone (no clock is read: a loaded machine may
    // take its time).
    let out = render(&dir, &["--timeout", "1"], path);
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
    let (dir, bin) = with_fake_graphviz("#!/bin/sh\necho 'Error: out of ink' >&2\nexit 3\n");
    let failing = render(&dir, &[], &bin);
    assert_eq!(failing.status.code(), Some(2));
    assert_eq!(
        stderr(&failing),
        "error: Graphviz `dot` failed: Error: out of ink\n"
    );
    let missing = render(&dir, &[], dir.path().join("nowhere"));
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("Graphviz `dot` was not found on the PATH"),
        "{}",
        stderr(&missing)
    );
    assert!(!dir.path().join("p.svg").exists());
}

/// A run stopped by SIGINT or SIGTERM while it writes `-o FILE` removes its temporary
/// file, then dies of the signal (issue 33: `.x.dot.XXXX.part` was left beside the
/// target). `dot -o x.dot -` makes its temporary file, then waits for standard input,
/// which the test holds open until the signal.
#[cfg(unix)]
#[test]
fn a_run_stopped_by_a_signal_leaves_no_temporary_file() {
    use nix::sys::signal::{Signal, kill};
    use nix::unistd::Pid;
    use std::os::unix::process::ExitStatusExt;
    for signal in [Signal::SIGINT, Signal::SIGTERM] {
        let dir = folder(&[]);
        let mut child = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
            .args(["dot", "--format", "hb", "-o", "x.dot", "-"])
            .current_dir(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        // The temporary file appears before standard input is read. (A hang guard, not
        // a measure: it takes milliseconds, and the test fails after a minute.)
        let mut waited = 0;
        while !names(&dir).iter().any(|n| n.ends_with(".part")) {
            assert!(
                waited < 6000,
                "{signal}: no temporary file: {:?}",
                names(&dir)
            );
            std::thread::sleep(std::time::Duration::from_millis(10));
            waited += 1;
        }
        kill(Pid::from_raw(child.id() as i32), signal).unwrap();
        let status = child.wait().unwrap();
        drop(child.stdin.take());
        assert_eq!(status.signal(), Some(signal as i32), "{signal}: {status}");
        assert!(names(&dir).is_empty(), "{signal}: {:?}", names(&dir));
    }
}

/// A run killed outright leaves its temporary file; the next run writing the same file
/// removes those whose process no longer runs, and only those: not one whose process
/// runs, not one without a PID in its name (as earlier versions named them), not one of
/// another file.
#[cfg(unix)]
#[test]
fn the_next_run_removes_what_a_killed_run_left() {
    let mut gone = Command::new(env!("CARGO_BIN_EXE_hackenbush"))
        .arg("--version")
        .stdout(Stdio::null())
        .spawn()
        .unwrap();
    let dead = gone.id();
    gone.wait().unwrap();
    let stale = format!(".x.dot.{dead}.aB3xYz.part");
    let running = format!(".x.dot.{}.aB3xYz.part", std::process::id());
    let kept = [
        running.as_str(),
        ".x.dot.aB3xYz.part",
        &format!(".y.dot.{dead}.aB3xYz.part"),
    ]
    .map(String::from);
    let mut files = vec![("p.hb", BOWTIE), (stale.as_str(), "half")];
    files.extend(kept.iter().map(|k| (k.as_str(), "half")));
    let dir = folder(&files);
    let out = hackenbush(dir.path(), &["dot", "-o", "x.dot", "p.hb"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let mut expected: Vec<String> = kept.to_vec();
    expected.extend(["p.hb", "x.dot"].map(String::from));
    expected.sort();
    assert_eq!(names(&dir), expected);
}
