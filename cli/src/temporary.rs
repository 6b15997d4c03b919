//! The temporary file an `-o FILE` is written to before it is renamed over FILE
//! ([`file`](super::file)), and what becomes of it when the run does not end well:
//!
//! - it is named `.NAME.PID.XXXXXX.part`, beside FILE: NAME is FILE's name, PID the
//!   process writing it, XXXXXX six random letters and digits;
//! - a run stopped by SIGINT, SIGTERM or SIGHUP removes the temporary files it is writing,
//!   then dies of the signal, as it would have without them (the signal is heard on a
//!   thread of its own, started with the first temporary file);
//! - a run killed outright (SIGKILL, a crash, a power cut) cannot: the next run that
//!   writes the same FILE removes the `.NAME.PID.XXXXXX.part` files beside it whose PID is
//!   no running process. A file whose PID runs, which may be another run writing FILE at
//!   this moment, is left, and so is every file of another name. (On a folder shared by
//!   several machines, a PID is looked up on this one.)

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, PoisonError};

use tempfile::NamedTempFile;

/// The temporary files this process is writing: removed when a signal stops it. Held
/// while one is made, renamed or removed, so that a signal never finds a file half
/// registered.
static WRITING: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// A temporary file being written: removed when dropped, unless persisted.
pub struct Partial {
    /// `None` once persisted or removed.
    file: Option<NamedTempFile>,
}

/// A temporary file in `folder`, named after `name` and this process, with `permissions`
/// (or those a new file gets); stale ones of `name` are removed first.
pub fn create(
    folder: &Path,
    name: &str,
    permissions: Option<fs::Permissions>,
) -> io::Result<Partial> {
    clear_stale(folder, name);
    watch_signals();
    let prefix = format!(".{name}.{}.", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".part");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
    let file = builder.tempfile_in(folder)?;
    writing.push(file.path().to_path_buf());
    drop(writing);
    let partial = Partial { file: Some(file) };
    if let Some(permissions) = permissions {
        partial.as_file().set_permissions(permissions)?;
    }
    Ok(partial)
}

impl Partial {
    /// The file, for syncing and permissions.
    pub fn as_file(&self) -> &fs::File {
        self.file.as_ref().expect("not yet persisted").as_file()
    }

    /// Renames the file over `to`.
    pub fn persist(mut self, to: &Path) -> io::Result<()> {
        let mut writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
        let file = self.file.take().expect("persisted once");
        let path = file.path().to_path_buf();
        let persisted = file.persist(to).map(drop).map_err(|e| e.error);
        writing.retain(|p| *p != path);
        persisted
    }
}

impl Drop for Partial {
    fn drop(&mut self) {
        if let Some(file) = self.file.take() {
            let mut writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
            let path = file.path().to_path_buf();
            drop(file);
            writing.retain(|p| *p != path);
        }
    }
}

impl Write for Partial {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.as_mut().expect("not yet persisted").write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.as_mut().expect("not yet persisted").flush()
    }
}

/// From the first temporary file on, SIGINT, SIGTERM and SIGHUP remove the files being
/// written, then end the process by the signal's default action.
#[cfg(unix)]
fn watch_signals() {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    static WATCHING: std::sync::Once = std::sync::Once::new();
    WATCHING.call_once(|| {
        let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) else {
            return;
        };
        std::thread::spawn(move || {
            let Some(signal) = signals.forever().next() else {
                return;
            };
            // Held until the process ends: nothing is renamed or made after this.
            let writing = WRITING.lock().unwrap_or_else(PoisonError::into_inner);
            for path in writing.iter() {
                let _ = fs::remove_file(path);
            }
            let _ = signal_hook::low_level::emulate_default_handler(signal);
            std::process::exit(128 + signal);
        });
    });
}

#[cfg(not(unix))]
fn watch_signals() {}

/// Removes the temporary files of `name` in `folder` left by processes that no longer
/// run (see the module documentation). Failures are ignored: a file that stays is only
/// clutter.
fn clear_stale(folder: &Path, name: &str) {
    let Ok(entries) = fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let file_name = entry.file_name();
        let Some(pid) = file_name.to_str().and_then(|f| owner(f, name)) else {
            continue;
        };
        let regular = entry.file_type().is_ok_and(|t| t.is_file());
        if regular && pid != std::process::id() && !runs(pid) {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// The PID in `file`, when it is a temporary file of `name`: `.NAME.PID.XXXXXX.part`.
fn owner(file: &str, name: &str) -> Option<u32> {
    let rest = file
        .strip_prefix('.')?
        .strip_prefix(name)?
        .strip_prefix('.')?;
    let (pid, random) = rest.strip_suffix(".part")?.split_once('.')?;
    let random_ok = random.len() == 6 && random.bytes().all(|b| b.is_ascii_alphanumeric());
    let pid_ok = !pid.is_empty() && pid.bytes().all(|b| b.is_ascii_digit());
    (random_ok && pid_ok).then(|| pid.parse().ok()).flatten()
}

/// Whether process `pid` runs on this machine: asked with signal 0, which only checks.
/// Unsure answers (no permission to ask, a PID out of range) count as running.
#[cfg(unix)]
fn runs(pid: u32) -> bool {
    use nix::errno::Errno;
    use nix::sys::signal::kill;
    use nix::unistd::Pid;
    match i32::try_from(pid) {
        Ok(pid) if pid > 0 => kill(Pid::from_raw(pid), None) != Err(Errno::ESRCH),
        _ => true,
    }
}

#[cfg(not(unix))]
fn runs(_: u32) -> bool {
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_temporary_files_of_the_name_have_an_owner() {
        assert_eq!(owner(".x.dot.123.aB3xYz.part", "x.dot"), Some(123));
        assert_eq!(owner(".x.dot.aB3xYz.part", "x.dot"), None, "no PID");
        assert_eq!(owner(".x.dot.123.aB3xYz.part", "x"), None, "another name");
        assert_eq!(owner(".x.dot.1.123.aB3xYz.part", "x.dot"), None);
        assert_eq!(owner(".x.dot.12a.aB3xYz.part", "x.dot"), None);
        assert_eq!(owner(".x.dot.123.aB3xY.part", "x.dot"), None);
        assert_eq!(owner("x.dot.123.aB3xYz.part", "x.dot"), None);
        assert_eq!(owner(".x.dot.123.aB3xYz", "x.dot"), None);
    }

    #[cfg(unix)]
    #[test]
    fn this_process_runs_and_a_reaped_child_does_not() {
        assert!(runs(std::process::id()));
        let mut child = std::process::Command::new("true").spawn().unwrap();
        let pid = child.id();
        child.wait().unwrap();
        assert!(!runs(pid));
    }

    #[test]
    fn a_temporary_file_is_registered_while_it_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let registered = |path: &Path| WRITING.lock().unwrap().iter().any(|p| p == path);
        let partial = create(dir.path(), "out.hb", None).unwrap();
        let path = partial.file.as_ref().unwrap().path().to_path_buf();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        assert_eq!(owner(&name, "out.hb"), Some(std::process::id()));
        assert!(registered(&path));
        drop(partial);
        assert!(!registered(&path) && !path.exists());
        let partial = create(dir.path(), "out.hb", None).unwrap();
        let path = partial.file.as_ref().unwrap().path().to_path_buf();
        partial.persist(&dir.path().join("out.hb")).unwrap();
        assert!(!registered(&path) && dir.path().join("out.hb").exists());
    }
}
