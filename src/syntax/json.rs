pub fn parse(_input: &[u8]) -> Result<super::Position, crate::diagnostic::Diagnostic> { todo!() }
