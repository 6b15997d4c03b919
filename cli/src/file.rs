//! The files commands write (`dot -o FILE`, `gen -o FILE`), with two promises kept in
//! this one place:
//!
//! - a file is replaced only by complete content: it is written to a temporary file
//!   beside it (same folder, so the same file system) and renamed over it at the end;
//!   a failure on the way (a full disk, an input error, a crash) leaves it as it was. A
//!   run stopped by a signal removes its temporary file, and one killed outright leaves
//!   it for the next run to remove ([`temporary`]);
//! - a file that is one of the command's inputs is never written: the destination is
//!   compared with each input by identity (device and inode), so `./p.hb`, a symbolic or
//!   hard link to `p.hb`, or `p.hb` as standard input are caught as well as `p.hb`.
//!
//! `-o -`, like no `-o` at all, means standard output. A destination that exists and is
//! not a regular file (`/dev/null`, a named pipe) is written directly: there is nothing
//! to replace, and renaming over a device would remove the device.

use std::fs::{self, File};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

use same_file::Handle;

use hackenbush::pipeline::Input;

use super::output;
use super::temporary::{self, Partial};

/// Where a command's result goes.
#[derive(Debug)]
pub enum Destination {
    /// Standard output: no `-o`, or `-o -`.
    Stdout,
    /// A file, known not to be one of the inputs.
    File(PathBuf),
}

impl Destination {
    /// The destination of `-o ARG` for a command that reads `inputs`. Refuses a file that
    /// is one of them, with the message to show.
    pub fn new(arg: Option<&Path>, inputs: &[Input]) -> Result<Destination, String> {
        match arg {
            None => Ok(Destination::Stdout),
            Some(path) if path.as_os_str() == "-" => Ok(Destination::Stdout),
            Some(path) => {
                refuse_inputs(path, inputs)?;
                Ok(Destination::File(path.to_path_buf()))
            }
        }
    }

    /// Whether the result goes to standard output.
    pub fn is_stdout(&self) -> bool {
        matches!(self, Destination::Stdout)
    }
}

/// Refuses `path` when it exists as a regular file that is one of `inputs`. Only a regular
/// file can be destroyed by writing; inputs that are not regular files (pipes, devices)
/// are not opened, since opening a named pipe would wait for a writer.
fn refuse_inputs(path: &Path, inputs: &[Input]) -> Result<(), String> {
    if !is_regular_file(path) {
        return Ok(());
    }
    let Ok(destination) = Handle::from_path(path) else {
        return Ok(());
    };
    for input in inputs {
        let handle = match input {
            Input::File(p) if is_regular_file(p) => Handle::from_path(p),
            Input::File(_) | Input::Text { .. } => continue,
            Input::Stdin => Handle::stdin(),
        };
        if handle.is_ok_and(|h| h == destination) {
            let shown = path.display().to_string();
            let what = match input {
                Input::File(p) if p.display().to_string() == shown => "an input".to_string(),
                Input::File(p) => format!("the input {}", p.display()),
                _ => "the standard input".to_string(),
            };
            return Err(format!(
                "will not write {shown}: it is {what} of this command, and hackenbush never \
                 writes over its inputs; choose another -o FILE"
            ));
        }
    }
    Ok(())
}

/// Whether `path` is, or links to, a regular file.
fn is_regular_file(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| m.is_file())
}

/// A file being written ([`create`]). Its content replaces the destination at
/// [`FileWriter::commit`]; dropped before that, it leaves the destination untouched (the
/// temporary file is removed).
pub struct FileWriter {
    /// The destination as named on the command line, for messages.
    path: PathBuf,
    target: Target,
}

enum Target {
    /// A new file, or a regular file to replace: `temp` is renamed over `to`.
    Replace {
        temp: BufWriter<Partial>,
        to: PathBuf,
    },
    /// A device or a pipe, written directly.
    Direct(BufWriter<File>),
}

/// Starts writing `path` (see the module documentation). The message of an error says
/// what could not be written and why.
pub fn create(path: &Path) -> Result<FileWriter, String> {
    let cannot = |e: io::Error| cannot_write(path, &e);
    let existing = fs::metadata(path).ok();
    if existing.as_ref().is_some_and(|m| m.is_dir()) {
        return Err(cannot(io::ErrorKind::IsADirectory.into()));
    }
    let target = match existing {
        Some(meta) if !meta.is_file() => Target::Direct(BufWriter::with_capacity(
            BUFFER,
            File::create(path).map_err(cannot)?,
        )),
        _ => {
            // A symbolic link stays a link: the file it points to is replaced.
            let to = match fs::symlink_metadata(path) {
                Ok(m) if m.file_type().is_symlink() => {
                    fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
                }
                _ => path.to_path_buf(),
            };
            let temp = temporary_beside(&to, existing.as_ref()).map_err(cannot)?;
            Target::Replace {
                temp: BufWriter::with_capacity(BUFFER, temp),
                to,
            }
        }
    };
    Ok(FileWriter {
        path: path.to_path_buf(),
        target,
    })
}

/// Output buffer: large writes for large generated files.
const BUFFER: usize = 1 << 16;

/// A temporary file in the folder of `to`, named after it and this process
/// ([`temporary`]), with the permissions of the file it replaces, or those a new file gets
/// (read and write for all, less the umask).
fn temporary_beside(to: &Path, existing: Option<&fs::Metadata>) -> io::Result<Partial> {
    let folder = match to.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    let name = to
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy());
    temporary::create(folder, &name, existing.map(|meta| meta.permissions()))
}

impl FileWriter {
    /// Finishes the file: flushes it, makes its content durable and renames it over the
    /// destination.
    pub fn commit(self) -> Result<(), String> {
        let path = self.path;
        let cannot = |e: io::Error| cannot_write(&path, &e);
        match self.target {
            Target::Direct(mut file) => file.flush().map_err(cannot),
            Target::Replace { temp, to } => {
                let temp = temp.into_inner().map_err(|e| cannot(e.into_error()))?;
                temp.as_file().sync_all().map_err(cannot)?;
                temp.persist(&to).map_err(cannot)?;
                Ok(())
            }
        }
    }

    /// The file as named on the command line.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The message for a write to this file that failed with `e`.
    pub fn cannot(&self, e: &io::Error) -> String {
        cannot_write(&self.path, e)
    }

    /// The buffer being written, whichever the target.
    fn buffer(&mut self) -> &mut dyn Write {
        match &mut self.target {
            Target::Replace { temp, .. } => temp,
            Target::Direct(file) => file,
        }
    }
}

impl Write for FileWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.buffer().write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.buffer().write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.buffer().flush()
    }
}

/// `cannot write PATH: reason`.
fn cannot_write(path: &Path, e: &io::Error) -> String {
    format!("cannot write {}: {}", path.display(), output::io_reason(e))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A committed writer replaces the file; a dropped one leaves it as it was. Either way
    /// no temporary file is left.
    #[test]
    fn a_file_is_replaced_only_when_committed() {
        for (commit, left) in [(true, "new"), (false, "old")] {
            let dir = tempfile::tempdir().unwrap();
            let path = dir.path().join("out.dot");
            fs::write(&path, "old").unwrap();
            let mut file = create(&path).unwrap();
            file.write_all(b"new").unwrap();
            if commit {
                file.commit().unwrap();
            } else {
                drop(file);
            }
            assert_eq!(fs::read_to_string(&path).unwrap(), left);
            let files = fs::read_dir(dir.path()).unwrap().count();
            assert_eq!(files, 1, "no temporary left");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_link_stays_a_link() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("real.dot");
        let link = dir.path().join("link.dot");
        fs::write(&real, "old").unwrap();
        fs::set_permissions(&real, fs::Permissions::from_mode(0o640)).unwrap();
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let mut file = create(&link).unwrap();
        file.write_all(b"new").unwrap();
        file.commit().unwrap();
        assert!(
            fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(fs::read_to_string(&real).unwrap(), "new");
        let mode = fs::metadata(&real).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
    }

    #[test]
    fn a_folder_is_not_a_file_to_write() {
        let dir = tempfile::tempdir().unwrap();
        let message = create(dir.path()).err().unwrap();
        assert!(message.ends_with(": it is a directory"), "{message}");
    }

    #[test]
    fn dash_is_standard_output() {
        let destination = Destination::new(Some(Path::new("-")), &[]).unwrap();
        assert!(destination.is_stdout());
    }

    #[test]
    fn an_input_is_refused_by_identity_not_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let input = dir.path().join("p.hb");
        fs::write(&input, "ground: g\n").unwrap();
        let inputs = [Input::File(input.clone())];
        let same = Destination::new(Some(&input), &inputs).unwrap_err();
        assert!(same.contains("it is an input of this command"), "{same}");
        let dotted = dir.path().join(".").join("p.hb");
        let other_name = Destination::new(Some(&dotted), &inputs).unwrap_err();
        assert!(other_name.contains("it is the input"), "{other_name}");
        let elsewhere = dir.path().join("q.hb");
        fs::write(&elsewhere, "ground: g\n").unwrap();
        assert!(Destination::new(Some(&elsewhere), &inputs).is_ok());
    }
}
