//! Analysis -> report.
