use super::*;
use crate::syntax::GraphDecl;

fn ok(text: &str) -> Position {
    parse(text.as_bytes()).unwrap_or_else(|e| panic!("{text:?}: {e:?}"))
}

fn err(text: &str) -> Diagnostic {
    match parse(text.as_bytes()) {
        Ok(p) => panic!("{text:?} parsed: {p:?}"),
        Err(e) => e,
    }
}

/// The span of the `nth` (0-based) occurrence of `needle` in `text`.
fn at(text: &str, needle: &str, nth: usize) -> Span {
    let start = text
        .match_indices(needle)
        .nth(nth)
        .unwrap_or_else(|| panic!("{needle:?} not in {text:?}"))
        .0;
    Span::new(start, start + needle.len())
}

/// Asserts that `text` fails with `message` at the `nth` occurrence of `needle`.
fn fails(text: &str, message: &str, needle: &str, nth: usize) -> Diagnostic {
    let e = err(text);
    assert_eq!(e.message, message, "{text:?}");
    assert_eq!(e.span, at(text, needle, nth), "{text:?}: {e:?}");
    e
}

fn names(g: &GraphDecl) -> Vec<VertexName> {
    match &g.vertices {
        Vertices::Named(names) => names.clone(),
        _ => panic!("json vertices are named"),
    }
}

fn num(n: u64) -> VertexName {
    VertexName::Number(n)
}

fn name(s: &str) -> VertexName {
    VertexName::Name(s.into())
}

// ---- Happy paths ----

#[test]
fn edges_may_carry_a_colour() {
    let p = parse(
        br#"{"graphs":[{"ground":[0],"edges":[[0,1,"blue"],[1,2,"red"],[2,3,"green"],[3,4]]}]}"#,
    )
    .unwrap();
    let colours: Vec<Colour> = p.graphs[0].edges.iter().map(|e| e.colour).collect();
    assert_eq!(
        colours,
        [Colour::Blue, Colour::Red, Colour::Green, Colour::Green]
    );
}

#[test]
fn a_full_document() {
    let text = r#"{"graphs": [
        {"name": "triangle", "ground": [0], "edges": [[0, 1], [1, 2], [2, 0]]},
        {"edges": [["a", "b"]], "ground": ["a"]}
    ]}"#;
    let p = ok(text);
    assert_eq!(p.case, None);
    assert_eq!(p.span, Span::new(0, text.len()));
    assert_eq!(p.graphs.len(), 2);
    let g = &p.graphs[0];
    assert_eq!(g.name.as_deref(), Some("triangle"));
    assert_eq!(names(g), vec![num(0), num(1), num(2)]);
    assert_eq!(g.ground, vec![0]);
    let ends: Vec<_> = g.edges.iter().map(|e| (e.u, e.v)).collect();
    assert_eq!(ends, vec![(0, 1), (1, 2), (2, 0)]);
    assert_eq!(g.edges[1].span, at(text, "[1, 2]", 0));
    assert_eq!(
        g.span,
        at(
            text,
            r#"{"name": "triangle", "ground": [0], "edges": [[0, 1], [1, 2], [2, 0]]}"#,
            0
        )
    );
    let h = &p.graphs[1];
    assert_eq!(h.name, None);
    assert_eq!(names(h), vec![name("a"), name("b")]);
    assert_eq!(h.ground, vec![0]);
}

#[test]
fn ids_are_interned_in_document_order() {
    let p = ok(r#"{"graphs":[{"ground":["g"],"edges":[["x","g"]]}]}"#);
    let g = &p.graphs[0];
    assert_eq!(names(g), vec![name("g"), name("x")]);
    assert_eq!(g.ground, vec![0]);
    assert_eq!((g.edges[0].u, g.edges[0].v), (1, 0));
}

#[test]
fn numbers_and_strings_are_different_vertices() {
    let p = ok(r#"{"graphs":[{"ground":[1],"edges":[[1,"1"]]}]}"#);
    let g = &p.graphs[0];
    assert_eq!(names(g), vec![num(1), name("1")]);
    assert_eq!((g.edges[0].u, g.edges[0].v), (0, 1));
}

#[test]
fn loops_and_parallel_edges() {
    let p = ok(r#"{"graphs":[{"ground":[0],"edges":[[0,1],[0,1],[1,1]]}]}"#);
    let g = &p.graphs[0];
    let ends: Vec<_> = g.edges.iter().map(|e| (e.u, e.v)).collect();
    assert_eq!(ends, vec![(0, 1), (0, 1), (1, 1)]);
}

#[test]
fn two_ground_vertices_without_repetition() {
    let p = ok(r#"{"graphs":[{"ground":[0,5,0,5],"edges":[[0,1],[1,5]]}]}"#);
    let g = &p.graphs[0];
    assert_eq!(names(g), vec![num(0), num(5), num(1)]);
    assert_eq!(g.ground, vec![0, 1]);
}

#[test]
fn optional_fields() {
    let p = ok(
        r#"{"graphs":[{}, {"name": null}, {"edges": [[1,2]]}, {"ground": [7]}, {"edges": [], "ground": [3]}]}"#,
    );
    assert_eq!(p.graphs.len(), 5);
    assert!(p.graphs[0].name.is_none() && p.graphs[0].edges.is_empty());
    assert!(p.graphs[0].vertices.is_empty() && p.graphs[0].ground.is_empty());
    assert!(p.graphs[1].name.is_none());
    assert!(p.graphs[2].ground.is_empty());
    assert_eq!(p.graphs[2].edges.len(), 1);
    // No edges at all: the ground list may name anything.
    assert_eq!(names(&p.graphs[3]), vec![num(7)]);
    assert_eq!(p.graphs[3].ground, vec![0]);
    assert_eq!(p.graphs[4].ground, vec![0]);
}

#[test]
fn no_graphs() {
    assert!(ok(r#"{"graphs":[]}"#).graphs.is_empty());
    assert!(ok(" \n{ \"graphs\" : [ ] }\n").graphs.is_empty());
}

#[test]
fn escapes_in_names_and_keys() {
    let p = ok(
        r#"{"gr\u0061phs":[{"name":"a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00","ground":["\u0067"],"edges":[["g","\u00e9t\u00e9"]]}]}"#,
    );
    let g = &p.graphs[0];
    assert_eq!(g.name.as_deref(), Some("a\"b\\c/d\u{8}\u{c}\n\r\té😀"));
    assert_eq!(names(g), vec![name("g"), name("été")]);
    let p = ok("{\"graphs\":[{\"name\":\"plain é\"}]}");
    assert_eq!(p.graphs[0].name.as_deref(), Some("plain é"));
}

#[test]
fn crlf_tabs_and_bom() {
    let text = "\u{feff}{\r\n\t\"graphs\" :\r\n [\r\n\t{ \"ground\" : [ 1 ] ,\r\n \"edges\" : [ [ 1 , 2 ] ] }\r\n ]\r\n}\r\n";
    let p = ok(text);
    assert_eq!(p.graphs[0].edges[0].span, at(text, "[ 1 , 2 ]", 0));
}

#[test]
fn large_vertex_numbers() {
    let p = ok(r#"{"graphs":[{"edges":[[18446744073709551615,0]]}]}"#);
    assert_eq!(names(&p.graphs[0]), vec![num(u64::MAX), num(0)]);
}

#[test]
fn unknown_values_elsewhere_are_parsed() {
    // Any JSON is read before the schema is checked, so syntax errors come first.
    let text =
        r#"{"graphs":[{"name":"x","ground":[],"edges":[]}], "x": [1.5e3, -0, true, {"a": null}]}"#;
    fails(
        text,
        "unknown field `x` in the document; expected `graphs`",
        "\"x\"",
        1,
    );
}

// ---- Syntax errors ----

#[test]
fn empty_input() {
    let e = err("");
    assert_eq!(
        e.message,
        "expected `{` to start the document, found end of input"
    );
    assert_eq!(e.span, Span::at(0));
    let e = err("  \n");
    assert_eq!(e.span, Span::at(3));
}

#[test]
fn not_an_object() {
    let e = fails(
        "[1, 2]",
        "expected `{` to start the document, found an array",
        "[1, 2]",
        0,
    );
    assert_eq!(e.label, "expected `{` to start the document");
    fails(
        "42",
        "expected `{` to start the document, found `42`",
        "42",
        0,
    );
    fails(
        "graphs",
        "expected `{` to start the document, found `graphs`",
        "graphs",
        0,
    );
}

#[test]
fn trailing_characters() {
    let e = fails(
        r#"{"graphs":[]} x"#,
        "trailing characters after the JSON document",
        "x",
        0,
    );
    assert_eq!(e.label, "expected end of input, found `x`");
    fails(
        r#"{"graphs":[]}{}"#,
        "trailing characters after the JSON document",
        "{",
        1,
    );
}

#[test]
fn missing_separators() {
    fails(
        r#"{"graphs":[{"edges":[[1,2}]}]}"#,
        "expected `,` or `]`, found `}`",
        "}",
        0,
    );
    fails(
        r#"{"graphs":[] "x":1}"#,
        "expected `,` or `}`, found `\"x\"`",
        "\"x\"",
        0,
    );
    fails(
        r#"{"graphs" []}"#,
        "expected `:` after the key, found `[`",
        "[",
        0,
    );
    fails(r#"{"graphs":}"#, "expected a value, found `}`", "}", 0);
    fails(
        r#"{graphs:[]}"#,
        "expected a string key or `}`, found `graphs`",
        "graphs",
        0,
    );
    fails(
        r#"{"graphs":[[}"#,
        "expected a value or `]`, found `}`",
        "}",
        0,
    );
}

#[test]
fn unexpected_end_of_input() {
    let text = r#"{"graphs":[{"edges":[[1,2]"#;
    let e = err(text);
    assert_eq!(e.message, "expected `,` or `]`, found end of input");
    assert_eq!(e.span, Span::at(text.len()));
}

#[test]
fn trailing_commas() {
    let e = fails(r#"{"graphs":[1,]}"#, "expected a value, found `]`", "]", 0);
    assert_eq!(e.label, "trailing commas are not allowed in JSON");
    fails(
        r#"{"graphs":[],}"#,
        "expected a string key, found `}`",
        "}",
        0,
    );
}

#[test]
fn bad_literals_and_numbers() {
    fails(
        r#"{"graphs":[tru]}"#,
        "expected a value or `]`, found `tru`",
        "tru",
        0,
    );
    fails(
        r#"{"graphs":[nullx]}"#,
        "expected a value or `]`, found `nullx`",
        "nullx",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"edges":[[01,2]]}]}"#,
        "invalid number `01`",
        "01",
        0,
    );
    assert_eq!(e.label, "JSON numbers have no leading zeros");
    fails(r#"{"graphs":[1.]}"#, "invalid number `1.`", "1.", 0);
    fails(r#"{"graphs":[-]}"#, "invalid number `-`", "-", 0);
    fails(r#"{"graphs":[1e]}"#, "invalid number `1e`", "1e", 0);
    fails(r#"{"graphs":[12ab]}"#, "invalid number `12ab`", "12ab", 0);
    fails(
        r#"{"graphs":[1.2.3]}"#,
        "invalid number `1.2.3`",
        "1.2.3",
        0,
    );
    fails(
        "{\"graphs\":[\u{e9}]}",
        "expected a value or `]`, found `\u{e9}`",
        "\u{e9}",
        0,
    );
}

#[test]
fn bad_strings() {
    let text = "{\"graphs\":[{\"name\":\"abc\n\"}]}";
    let e = fails(
        text,
        "expected `\"` to end the string, found end of line",
        "\n",
        0,
    );
    assert_eq!(
        e.label,
        "strings cannot span lines; write a line break as `\\n`"
    );
    let text = "{\"graphs\":[{\"name\":\"a\tb\"}]}";
    let e = fails(text, "control character U+0009 in a string", "\t", 0);
    assert_eq!(e.label, "write it as `\\u0009`");
    let text = r#"{"graphs":[{"name":"abc"#;
    let e = err(text);
    assert_eq!(
        e.message,
        "expected `\"` to end the string, found end of input"
    );
    assert_eq!(e.span, Span::at(text.len()));
    let e = err(r#"{"graphs":[{"name":"abc\"#);
    assert_eq!(
        e.message,
        "expected `\"` to end the string, found end of input"
    );
    fails(
        r#"{"graphs":[{"name":"a\qb"}]}"#,
        "invalid escape `\\q` in a string",
        "\\q",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"name":"a\u12x4"}]}"#,
        "invalid escape `\\u12` in a string",
        "\\u12",
        0,
    );
    assert_eq!(e.label, "expected 4 hex digits after `\\u`");
    fails(
        r#"{"graphs":[{"name":"\ud83d"}]}"#,
        "unpaired surrogate `\\ud83d` in a string",
        "\\ud83d",
        0,
    );
    fails(
        r#"{"graphs":[{"name":"\ud83dx"}]}"#,
        "unpaired surrogate `\\ud83d` in a string",
        "\\ud83d",
        0,
    );
    fails(
        r#"{"graphs":[{"name":"\ud83d\u0041"}]}"#,
        "unpaired surrogate `\\ud83d` in a string",
        "\\ud83d",
        0,
    );
    fails(
        r#"{"graphs":[{"name":"\ude00"}]}"#,
        "unpaired surrogate `\\ude00` in a string",
        "\\ude00",
        0,
    );
}

#[test]
fn invalid_utf8_in_a_string() {
    let text = b"{\"graphs\":[{\"name\":\"ab\xffc\"}]}";
    let e = parse(text).unwrap_err();
    assert_eq!(e.message, "invalid UTF-8 byte 0xff in a string");
    assert_eq!(e.span, Span::new(22, 23));
    // A truncated sequence: the error is at its first byte.
    let text = b"{\"graphs\":[{\"name\":\"\xe2\x82\"}]}";
    let e = parse(text).unwrap_err();
    assert_eq!(e.message, "invalid UTF-8 byte 0xe2 in a string");
    assert_eq!(e.span, Span::new(20, 21));
}

#[test]
fn nesting_too_deep() {
    let text = "[".repeat(1_000_000);
    let e = err(&text);
    assert_eq!(e.message, "nesting too deep (more than 64 levels)");
    assert_eq!(e.span, Span::new(64, 65));
    let text = format!("{{\"graphs\":{}", "[{\"a\":".repeat(500_000));
    let e = err(&text);
    assert_eq!(e.message, "nesting too deep (more than 64 levels)");
    assert_eq!(e.span.end - e.span.start, 1);
    // 64 levels are fine as far as the syntax goes.
    let text = format!("{}{}", "[".repeat(64), "]".repeat(64));
    assert!(
        err(&text)
            .message
            .starts_with("expected `{` to start the document")
    );
}

// ---- Schema errors ----

#[test]
fn top_level_fields() {
    let e = fails(r#"{}"#, "missing field `graphs` in the document", "{", 0);
    assert_eq!(e.label, "expected `{\"graphs\": [...]}`");
    fails(
        r#"{"graph":[]}"#,
        "unknown field `graph` in the document; expected `graphs`",
        "\"graph\"",
        0,
    );
    fails(
        r#"{"graphs":[],"graphs":[]}"#,
        "duplicate field `graphs` in the document",
        "\"graphs\"",
        1,
    );
    fails(
        r#"{"graphs":{}}"#,
        "expected an array of graphs, found an object",
        "{}",
        0,
    );
}

#[test]
fn graph_fields() {
    let e = fails(
        r#"{"graphs":[{"edge":[]}]}"#,
        "unknown field `edge` in a graph; expected `name`, `ground` or `edges`",
        "\"edge\"",
        0,
    );
    assert_eq!(e.label, "expected `name`, `ground` or `edges`");
    let e = fails(
        r#"{"graphs":[{"ground":[],"edges":[],"ground":[]}]}"#,
        "duplicate field `ground` in a graph",
        "\"ground\"",
        1,
    );
    assert_eq!(e.label, "each field may be given only once");
    fails(
        r#"{"graphs":[[]]}"#,
        "expected a graph object `{...}`, found an array",
        "[]",
        0,
    );
    fails(
        r#"{"graphs":[{"name":3}]}"#,
        "expected a graph name (string or null), found `3`",
        "3",
        0,
    );
    fails(
        r#"{"graphs":[{"ground":"g"}]}"#,
        "expected an array of ground vertices, found `\"g\"`",
        "\"g\"",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":null}]}"#,
        "expected an array of edges, found `null`",
        "null",
        0,
    );
}

#[test]
fn bad_edges() {
    fails(
        r#"{"graphs":[{"edges":["ab"]}]}"#,
        "expected an edge `[u, v]`, found `\"ab\"`",
        "\"ab\"",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"edges":[[1,2,"red",4]]}]}"#,
        "an edge has two ends and maybe a colour, found 4 elements",
        "[1,2,\"red\",4]",
        0,
    );
    assert_eq!(e.label, "expected `[u, v]` or `[u, v, colour]`");
    fails(
        r#"{"graphs":[{"edges":[[1]]}]}"#,
        "an edge has two ends and maybe a colour, found 1 element",
        "[1]",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":[[]]}]}"#,
        "an edge has two ends and maybe a colour, found 0 elements",
        "[]",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":[[1,2,3]]}]}"#,
        "expected an edge colour (`\"blue\"`, `\"red\"` or `\"green\"`), found `3`",
        "3",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"edges":[[1,2,"purple"]]}]}"#,
        "unknown edge colour `purple`",
        "\"purple\"",
        0,
    );
    assert_eq!(e.label, "expected `\"blue\"`, `\"red\"` or `\"green\"`");
}

#[test]
fn bad_vertices() {
    fails(
        r#"{"graphs":[{"edges":[[1,true]]}]}"#,
        "expected a vertex id (integer or string), found `true`",
        "true",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":[[[1],2]]}]}"#,
        "expected a vertex id (integer or string), found an array",
        "[1]",
        0,
    );
    for bad in ["1.5", "-3", "1e3", "-0", "1.0"] {
        let text = format!(r#"{{"graphs":[{{"edges":[[0,{bad}]]}}]}}"#);
        let e = fails(
            &text,
            &format!("vertex ids must be non-negative integers or strings, found `{bad}`"),
            bad,
            0,
        );
        assert_eq!(e.label, "expected a non-negative integer or a string");
    }
    let e = fails(
        r#"{"graphs":[{"ground":[18446744073709551616]}]}"#,
        "number too large",
        "18446744073709551616",
        0,
    );
    assert_eq!(e.label, "vertex numbers are at most 18446744073709551615");
    fails(
        r#"{"graphs":[{"edges":[["",1]]}]}"#,
        "empty vertex name",
        "\"\"",
        0,
    );
}

/// A ground vertex that no edge touches is the position left after the last edge at the
/// ground is cut: legal, whatever the field order, and without a warning (scripts that play
/// a game out write it).
#[test]
fn lone_ground_vertices_are_legal() {
    let p = ok(r#"{"graphs":[{"ground":["g","x"],"edges":[["g","a"]]}]}"#);
    assert_eq!(names(&p.graphs[0]), vec![name("g"), name("x"), name("a")]);
    assert_eq!(p.graphs[0].ground, vec![0, 1]);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let p = ok(r#"{"graphs":[{"edges":[["g","a"]],"ground":["x"]}]}"#);
    assert_eq!(p.graphs[0].ground, vec![2]);
    assert!(p.warnings.is_empty());
    // Per graph: a vertex of another graph does not count. (The first graph has no
    // ground, which is warned of, whatever the format.)
    let p = ok(r#"{"graphs":[{"edges":[[1,2]]},{"ground":[1],"edges":[[3,4]]}]}"#);
    assert_eq!(names(&p.graphs[1]), vec![num(1), num(3), num(4)]);
    assert_eq!(p.graphs[1].ground, vec![0]);
    let messages: Vec<&str> = p.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        ["graph 1 has 1 edge and no ground: it is worth 0"]
    );
}

/// The exception: a lone ground vertex whose twin (`1` for `"1"`, `"1"` for `1`) an edge
/// touches is almost certainly the twin mistyped. Legal, with a warning that says so.
#[test]
fn ground_number_and_string_confusion_is_a_warning() {
    let text = r#"{"graphs":[{"ground":["1"],"edges":[[1,2]]}]}"#;
    let p = ok(text);
    assert_eq!(names(&p.graphs[0]), vec![name("1"), num(1), num(2)]);
    assert_eq!(p.graphs[0].ground, vec![0]);
    let [w] = &p.warnings[..] else {
        panic!("one warning expected: {:?}", p.warnings);
    };
    assert_eq!(w.level, crate::diagnostic::Level::Warning);
    assert_eq!(w.message, "no edge touches the ground vertex `1`");
    assert_eq!(w.span, at(text, "\"1\"", 0));
    assert_eq!(
        w.label,
        "no edge of this graph touches the string `\"1\"`; its edges use the number `1`"
    );
    let text = r#"{"graphs":[{"ground":[1],"edges":[["1","2"]]}]}"#;
    let p = ok(text);
    let [w] = &p.warnings[..] else {
        panic!("one warning expected: {:?}", p.warnings);
    };
    assert_eq!(w.message, "no edge touches the ground vertex `1`");
    assert_eq!(w.span, at(text, "1", 0));
    assert_eq!(
        w.label,
        "no edge of this graph touches the number `1`; its edges use the string `\"1\"`"
    );
}

#[test]
fn no_twin_warning_when_the_twin_is_untouched_or_touched_too() {
    // The twin is a ground vertex too, and no edge touches it either.
    let p = ok(r#"{"graphs":[{"ground":["1",1],"edges":[[2,3]]}]}"#);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    // The ground vertex is touched itself: nothing is wrong.
    let p = ok(r#"{"graphs":[{"ground":["1"],"edges":[["1",1]]}]}"#);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    // `"01"` and `"1.0"` are not written like any number.
    let p = ok(r#"{"graphs":[{"ground":["01","1.0"],"edges":[[1,2]]}]}"#);
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    // A twin in another graph does not count. (The first graph has no ground, which is
    // warned of, whatever the format.)
    let p = ok(r#"{"graphs":[{"edges":[[1,2]]},{"ground":["1"],"edges":[[3,4]]}]}"#);
    let messages: Vec<&str> = p.warnings.iter().map(|w| w.message.as_str()).collect();
    assert_eq!(
        messages,
        ["graph 1 has 1 edge and no ground: it is worth 0"]
    );
}

#[test]
fn twin_warnings_come_in_ground_order_and_take_linear_time() {
    // 100,000 lone ground strings, each the twin of a number the edges use.
    let n = 100_000;
    let ground: Vec<String> = (0..n).rev().map(|i| format!("\"{i}\"")).collect();
    let edges: Vec<String> = (0..n).map(|i| format!("[{i},{}]", i + 1)).collect();
    let text = format!(
        r#"{{"graphs":[{{"ground":[{}],"edges":[{}]}}]}}"#,
        ground.join(","),
        edges.join(",")
    );
    let p = ok(&text);
    assert_eq!(p.warnings.len(), n);
    assert_eq!(
        p.warnings[0].message,
        format!("no edge touches the ground vertex `{}`", n - 1)
    );
    assert_eq!(
        p.warnings[n - 1].message,
        "no edge touches the ground vertex `0`"
    );
}

#[test]
fn long_tokens_are_shortened() {
    let long = "k".repeat(100);
    let text = format!(r#"{{"graphs":[{{"{long}":1}}]}}"#);
    let e = err(&text);
    assert_eq!(
        e.message,
        format!(
            "unknown field `{}...` in a graph; expected `name`, `ground` or `edges`",
            "k".repeat(24)
        )
    );
    assert_eq!(e.span.end - e.span.start, 102);
}

#[test]
fn small_and_large_vertex_numbers_mix() {
    // 5000 is first too large for the array of small numbers, then small enough: it
    // must keep its id either way (6000 makes the array long enough to hold 5000).
    let mut text = String::from(r#"{"graphs":[{"ground":[5000],"edges":[[5000,1000000000000]"#);
    for i in 0..2000 {
        text.push_str(&format!(",[{i},{}]", i + 1));
    }
    text.push_str(r#",[2000,6000],[5000,1000000000000],[1000000000000,0]]}]}"#);
    let p = ok(&text);
    let g = &p.graphs[0];
    assert_eq!(g.vertices.len(), 2 + 2001 + 1);
    assert_eq!(g.ground, vec![0]);
    let last = &g.edges[g.edges.len() - 2..];
    assert_eq!((last[0].u, last[0].v), (0, 1));
    assert_eq!((last[1].u, last[1].v), (1, 2));
    assert_eq!(names(g)[..3], [num(5000), num(1_000_000_000_000), num(0)]);
}

#[test]
fn many_edges() {
    let mut text = String::from(r#"{"graphs":[{"ground":[0],"edges":["#);
    for i in 0..100_000u32 {
        if i > 0 {
            text.push(',');
        }
        text.push_str(&format!("[{},{}]", i / 2, i + 1));
    }
    text.push_str("]}]}");
    let p = ok(&text);
    assert_eq!(p.graphs[0].edges.len(), 100_000);
    assert_eq!(p.graphs[0].vertices.len(), 100_001);
}

// ---- Reading as a stream ----

/// Records what a reader hands over, in order.
#[derive(Default)]
struct Log(Vec<String>);

impl GraphSink for Log {
    fn graph(&mut self, graph: GraphDecl) {
        self.0.push(format!("graph {} edges", graph.edges.len()));
    }
    fn warning(&mut self, warning: Diagnostic) {
        self.0.push(format!("warning {}", warning.message));
    }
}

#[test]
fn each_graph_is_handed_over_as_soon_as_its_object_is_read() {
    // The text breaks off in the third graph: the first two are handed over before.
    let text =
        r#"{"graphs":[{"edges":[[0,1]]},{"ground":["1"],"edges":[[1,2],[2,3]]},{"edges":[[0,"#;
    let mut log = Log::default();
    let e = read(text.as_bytes(), &mut log).unwrap_err();
    assert_eq!(e.message, "expected a value, found end of input");
    assert_eq!(
        log.0,
        [
            "warning graph 1 has 1 edge and no ground: it is worth 0",
            "graph 1 edges",
            "warning no edge touches the ground vertex `1`",
            "graph 2 edges"
        ]
    );
}

#[test]
fn many_tiny_graphs() {
    let n = 50_000;
    let text = format!(
        r#"{{"graphs":[{}]}}"#,
        vec![r#"{"ground":[0],"edges":[[0,1]]}"#; n].join(",")
    );
    let mut log = Log::default();
    let read = read(text.as_bytes(), &mut log).unwrap();
    assert_eq!(read.span, Span::new(0, text.len()));
    assert_eq!(log.0.len(), n);
}

/// A syntax error anywhere is reported before an error of the schema, as when the whole
/// text was parsed before the schema was looked at.
#[test]
fn syntax_errors_come_before_schema_errors() {
    fails(
        r#"{"graphs":[{"edge":[]}], "x": [1,]}"#,
        "expected a value, found `]`",
        "]",
        2,
    );
    // In a later graph, deeper in the text.
    fails(
        r#"{"graphs":[{"edge":[]},{"edges":[[1,2}]}]}"#,
        "expected `,` or `]`, found `}`",
        "}",
        1,
    );
    // In the value of the unknown field itself.
    fails(
        r#"{"graphs":[{"edge":[[1,2] [3,4]]}]}"#,
        "expected `,` or `]`, found `[`",
        "[",
        3,
    );
    // After the document.
    fails(
        r#"{"graphs":[{"edges":[[1,true]]}]} x"#,
        "trailing characters after the JSON document",
        "x",
        0,
    );
    // Inside a vertex that is not one.
    fails(
        r#"{"graphs":[{"edges":[[{"a":01},2]]}]}"#,
        "invalid number `01`",
        "01",
        0,
    );
    // Without one, the schema error.
    fails(
        r#"{"graphs":[{"edge":[]},{"edges":[[1,2]]}]}"#,
        "unknown field `edge` in a graph; expected `name`, `ground` or `edges`",
        "\"edge\"",
        0,
    );
}

#[test]
fn the_count_of_an_edge_is_checked_before_its_vertices() {
    fails(
        r#"{"graphs":[{"edges":[[true,1,2,3]]}]}"#,
        "an edge has two ends and maybe a colour, found 4 elements",
        "[true,1,2,3]",
        0,
    );
    // With the right count, the vertices come before the colour.
    fails(
        r#"{"graphs":[{"edges":[[true,1,3]]}]}"#,
        "expected a vertex id (integer or string), found `true`",
        "true",
        0,
    );
    fails(
        r#"{"graphs":[{"edges":[[1,true]]}]}"#,
        "expected a vertex id (integer or string), found `true`",
        "true",
        0,
    );
    let e = fails(
        r#"{"graphs":[{"edges":[[[[]],2]]}]}"#,
        "expected a vertex id (integer or string), found an array",
        "[[]]",
        0,
    );
    assert_eq!(e.label, "expected a vertex id (integer or string)");
}

/// What RFC 8259 does not allow is not JSON, whatever other readers accept.
#[test]
fn only_rfc_8259_json() {
    let cases: &[(&str, &str, &str)] = &[
        (
            r#"{"graphs":['a']}"#,
            "expected a value or `]`, found `'`",
            "'",
        ),
        (r#"{"graphs":[0x1F]}"#, "invalid number `0x1F`", "0x1F"),
        (
            r#"{"graphs":[+1]}"#,
            "expected a value or `]`, found `+1`",
            "+1",
        ),
        (r#"{"graphs":[-01]}"#, "invalid number `-01`", "-01"),
        (
            r#"{"graphs":[.5]}"#,
            "expected a value or `]`, found `.5`",
            ".5",
        ),
        (
            r#"{"graphs":[NaN]}"#,
            "expected a value or `]`, found `NaN`",
            "NaN",
        ),
        (
            r#"{"graphs":[Infinity]}"#,
            "expected a value or `]`, found `Infinity`",
            "Infinity",
        ),
        (
            r#"{"graphs":[-Infinity]}"#,
            "invalid number `-Infinity`",
            "-Infinity",
        ),
        (
            r#"{"graphs":[True]}"#,
            "expected a value or `]`, found `True`",
            "True",
        ),
        (
            "{\"graphs\":[] // c\n}",
            "expected `,` or `}`, found `/`",
            "/",
        ),
        (
            r#"{"graphs":[/* c */]}"#,
            "expected a value or `]`, found `/`",
            "/",
        ),
        (
            r#"{"graphs" /* c */ :[]}"#,
            "expected `:` after the key, found `/`",
            "/",
        ),
        (
            "{\"graphs\":[]\u{b}}",
            "expected `,` or `}`, found `\\u{b}`",
            "\u{b}",
        ),
        (
            "{\"graphs\":[]\u{c}}",
            "expected `,` or `}`, found `\\u{c}`",
            "\u{c}",
        ),
        (
            "{\"graphs\":[]\u{a0}}",
            "expected `,` or `}`, found `\u{a0}`",
            "\u{a0}",
        ),
        (
            "{\"graphs\":\u{feff}[]}",
            "expected a value, found `\u{feff}`",
            "\u{feff}",
        ),
        (
            "{\"graphs\":[\"a\u{0}b\"]}",
            "control character U+0000 in a string",
            "\u{0}",
        ),
        (
            "{\"graphs\":[\"a\u{1f}b\"]}",
            "control character U+001F in a string",
            "\u{1f}",
        ),
        (
            r#"{"graphs":["\x41"]}"#,
            "invalid escape `\\x` in a string",
            "\\x",
        ),
        (
            r#"{"graphs":["\v"]}"#,
            "invalid escape `\\v` in a string",
            "\\v",
        ),
        (
            r#"{"graphs":["\'"]}"#,
            "invalid escape `\\'` in a string",
            "\\'",
        ),
        (
            r#"{"graphs":["\ud83d\ud83d"]}"#,
            "unpaired surrogate `\\ud83d` in a string",
            "\\ud83d",
        ),
        (
            r#"{"graphs":["\ude00\ud83d"]}"#,
            "unpaired surrogate `\\ude00` in a string",
            "\\ude00",
        ),
        (
            r#"{"graphs":[], "graphs":[],}"#,
            "expected a string key, found `}`",
            "}",
        ),
        (r#"{"graphs":[1 2]}"#, "expected `,` or `]`, found `2`", "2"),
        (
            r#"{graphs:[]}"#,
            "expected a string key or `}`, found `graphs`",
            "graphs",
        ),
        (r#"{1:[]}"#, "expected a string key or `}`, found `1`", "1"),
    ];
    for &(text, message, needle) in cases {
        fails(text, message, needle, 0);
    }
    // Invalid UTF-8: a lone continuation byte, a UTF-16 surrogate encoded in UTF-8.
    for (text, at) in [
        (&b"{\"graphs\":[\"a\x80\"]}"[..], 13),
        (&b"{\"graphs\":[\"a\xed\xa0\x80\"]}"[..], 13),
        (&b"{\"gr\xc0\xafaphs\":[]}"[..], 4),
    ] {
        let e = parse(text).unwrap_err();
        assert!(e.message.starts_with("invalid UTF-8 byte"), "{e:?}");
        assert_eq!(e.span, Span::new(at, at + 1));
    }
    // What RFC 8259 allows is read: the error is of the schema, at the end.
    fails(
        r#"{"graphs":[{"name":"\u00e9\/\ud83d\ude00\uFFFF\u0000"}],"x":[1E+2,-0,0.0e-0,1e400,123456789012345678901234567890]}"#,
        "unknown field `x` in the document; expected `graphs`",
        "\"x\"",
        0,
    );
}

// ---- Regressions found by comparing with the hand-written parser this one replaces ----

#[test]
fn number_followed_by_a_string_is_trailing_data_not_an_invalid_number() {
    fails(
        "6\"\"graphs\"",
        "trailing characters after the JSON document",
        "\"\"",
        0,
    );
    fails(
        r#"{"graphs":[6"a"]}"#,
        "expected `,` or `]`, found `\"a\"`",
        "\"a\"",
        0,
    );
}

#[test]
fn literal_followed_by_a_bracket_is_the_unexpected_token() {
    fails(r#"{"x":null[]}"#, "expected `,` or `}`, found `[`", "[", 0);
    fails(
        r#"{"graphs":[true"a"]}"#,
        "expected `,` or `]`, found `\"a\"`",
        "\"a\"",
        0,
    );
}

#[test]
fn literal_or_number_after_a_value_is_a_missing_comma() {
    fails("\t[{}null{", "expected `,` or `]`, found `null`", "null", 0);
    fails("[{}12ab]", "expected `,` or `]`, found `12ab`", "12ab", 0);
    fails(
        r#"{"a":1 true}"#,
        "expected `,` or `}`, found `true`",
        "true",
        0,
    );
}

#[test]
fn string_cut_inside_a_utf8_sequence_reports_the_byte() {
    let e = parse(b"{\"graph\x84").unwrap_err();
    assert_eq!(e.message, "invalid UTF-8 byte 0x84 in a string");
    assert_eq!(e.span, Span::new(7, 8));
    let e = parse(b"{\"g\xf0\x91\xa3\x8a\x91").unwrap_err();
    assert_eq!(e.message, "invalid UTF-8 byte 0x91 in a string");
    assert_eq!(e.span, Span::new(7, 8));
    let e = parse(b"{\"g\xe2\x82").unwrap_err();
    assert_eq!(e.message, "invalid UTF-8 byte 0xe2 in a string");
    assert_eq!(e.span, Span::new(3, 4));
    // A whole character, then the end: the string is unterminated.
    let e = parse("{\"gé".as_bytes()).unwrap_err();
    assert_eq!(
        e.message,
        "expected `\"` to end the string, found end of input"
    );
    assert_eq!(e.span, Span::at(5));
}

#[test]
fn comment_after_a_key_is_where_the_colon_should_be() {
    fails(
        "{\t\"name\"\t\t/\t}",
        "expected `:` after the key, found `/`",
        "/",
        0,
    );
}

#[test]
fn malformed_escape_after_a_high_surrogate_is_the_malformed_one() {
    let e = fails(
        r#"{"graphs":[{"name":"\ud83d\u12"}]}"#,
        "invalid escape `\\u12` in a string",
        "\\u12",
        0,
    );
    assert_eq!(e.label, "expected 4 hex digits after `\\u`");
    // A high surrogate, then a `\` and the end: the pair is not completed.
    fails(
        r#"{"graphs":[{"name":"\ud83d\"#,
        "unpaired surrogate `\\ud83d` in a string",
        "\\ud83d",
        0,
    );
}
