//! `cargo xtask new-puzzle NAME`: a new puzzle crate, its fixtures folder
//! and its two registry lines, rendered from the templates of
//! `xtask/template/` (`crate/` becomes `crates/NAME/`, `fixtures/` becomes
//! `fixtures/NAME/`, a `.tmpl` ending is dropped). The templates hold a
//! tiny working puzzle, Latin square completion, in the shape every puzzle
//! crate shares, so that the new crate builds, passes `cargo xtask ci` and
//! appears in the explorer and in Python before its author replaces the
//! example by the puzzle they mean.
//!
//! In the templates, `__NAME__` is the crate's name (`light-up`),
//! `__CRATE__` its Rust identifier (`light_up`), `__TYPE__` the puzzle's
//! type (`LightUp`) and `__TITLE__` how a page titles it (`Light up`).

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::workspace::{self, run_checked};

/// The names a new crate is written with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names {
    /// The crate's, the binary's and the fixtures folder's name.
    pub name: String,
    /// The name as a Rust identifier.
    pub krate: String,
    /// The puzzle's type.
    pub ty: String,
    /// The page title.
    pub title: String,
}

/// Names Rust keeps for itself: a crate cannot be called so.
const RESERVED: &[&str] = &[
    "abstract",
    "alloc",
    "as",
    "async",
    "await",
    "become",
    "box",
    "break",
    "const",
    "continue",
    "core",
    "crate",
    "do",
    "dyn",
    "else",
    "enum",
    "extern",
    "false",
    "final",
    "fn",
    "for",
    "gen",
    "if",
    "impl",
    "in",
    "let",
    "loop",
    "macro",
    "match",
    "mod",
    "move",
    "mut",
    "override",
    "priv",
    "proc_macro",
    "pub",
    "ref",
    "return",
    "self",
    "static",
    "std",
    "struct",
    "super",
    "test",
    "trait",
    "true",
    "try",
    "type",
    "typeof",
    "union",
    "unsafe",
    "unsized",
    "use",
    "virtual",
    "where",
    "while",
    "yield",
];

impl Names {
    /// The names of crate `name`: lowercase ASCII letters and digits in
    /// words joined by single `-`, starting with a letter.
    pub fn new(name: &str) -> Result<Names> {
        let words: Vec<&str> = name.split('-').collect();
        let valid = name.starts_with(|c: char| c.is_ascii_lowercase())
            && words.iter().all(|word| {
                !word.is_empty()
                    && word
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
            });
        if !valid {
            bail!(
                "'{name}' is not a puzzle name: expected lowercase ASCII letters and digits, \
                 words joined by single '-', starting with a letter (such as light-up)"
            );
        }
        let krate = name.replace('-', "_");
        if RESERVED.contains(&krate.as_str()) {
            bail!("'{name}' is a name Rust keeps for itself: choose another");
        }
        let capitalised = |word: &str| {
            let mut chars = word.chars();
            chars.next().map_or_else(String::new, |first| {
                first.to_ascii_uppercase().to_string() + chars.as_str()
            })
        };
        let ty = words.iter().map(|word| capitalised(word)).collect();
        let title = capitalised(&words.join(" "));
        Ok(Names {
            name: name.to_owned(),
            krate,
            ty,
            title,
        })
    }

    /// `text` with the template's placeholders replaced.
    fn render(&self, text: &str) -> String {
        text.replace("__NAME__", &self.name)
            .replace("__CRATE__", &self.krate)
            .replace("__TYPE__", &self.ty)
            .replace("__TITLE__", &self.title)
    }
}

/// `cargo xtask new-puzzle NAME` in the workspace.
pub fn run(name: &str) -> Result<()> {
    let root = workspace::root();
    let names = Names::new(name)?;
    let written = scaffold(&root, &names)?;
    // rustfmt decides the layout, which the type's length changes; a
    // missing rustfmt leaves the files correct, only unformatted.
    let formatted = run_checked(
        workspace::cargo()
            .current_dir(&root)
            .args(["fmt", "--package", name]),
        "cargo fmt",
    );
    if let Err(error) = formatted {
        eprintln!("new-puzzle: {error:#}: the new crate is not formatted");
    }
    println!("new-puzzle: wrote {} files:", written.len());
    for path in &written {
        let shown = path.strip_prefix(&root).unwrap_or(path);
        println!("  {}", shown.display());
    }
    println!(
        "\nThe crate holds a working example, Latin square completion, as `{krate}::{ty}`.\n\
         Try it:\n\
         \n  cargo run -p {name} -- solve fixtures/{name}/example.txt\n\
         \x20 cargo test -p {name} -p registry && cargo xtask verify {name}\n\
         \nIt already has an explorer page (/puzzle/{name}) and a Python module\n\
         (puzzle_solvers.{krate}). Replace the example by your puzzle: puzzle.rs (the\n\
         type, its reader and writer), textbook.rs (the model), check.rs, svg.rs,\n\
         the record fields and the human view in app.rs, the cases of\n\
         fixtures/{name}/ and the README; README.md's \"Adding a puzzle crate\" walks\n\
         through it.",
        name = names.name,
        krate = names.krate,
        ty = names.ty,
    );
    Ok(())
}

/// Writes crate `names` into the workspace at `root`: `crates/NAME`,
/// `fixtures/NAME` and the registry's two lines. Everything is checked
/// before anything is written, so that a refusal leaves the workspace as
/// it was. Returns the files written or changed.
pub fn scaffold(root: &Path, names: &Names) -> Result<Vec<PathBuf>> {
    let name = &names.name;
    let crate_dir = root.join("crates").join(name);
    let fixtures_dir = root.join("fixtures").join(name);
    if crate_dir.exists() {
        bail!("crates/{name} exists: the name is taken by a crate");
    }
    if fixtures_dir.exists() {
        bail!("fixtures/{name} exists: the name is taken by a fixtures folder");
    }
    let registry = root.join("crates/registry");
    let manifest_path = registry.join("Cargo.toml");
    let list_path = registry.join("src/lib.rs");
    let manifest = read(&manifest_path)?;
    let list = read(&list_path)?;
    let registered = workspace::puzzle_names_in(&manifest, &manifest_path)?;
    if registered.iter().any(|other| other == name) || list.contains(&format!("{}::", names.krate))
    {
        bail!("{name} is registered already (crates/registry)");
    }
    let lock = read(&root.join("Cargo.lock")).unwrap_or_default();
    if lock
        .lines()
        .any(|line| line.trim() == format!("name = \"{name}\""))
    {
        bail!("'{name}' is the name of a package of Cargo.lock: choose another");
    }

    let template = root.join("xtask/template");
    let mut files = Vec::new();
    for (from, to) in [("crate", &crate_dir), ("fixtures", &fixtures_dir)] {
        for source in walk(&template.join(from))? {
            let relative = source.strip_prefix(template.join(from))?;
            let relative = relative.to_string_lossy();
            let target = to.join(relative.strip_suffix(".tmpl").unwrap_or(&relative));
            let text = read(&source)?;
            // The type is named after the crate: it must not be a name the
            // example's code already uses (`square` would make a second
            // `Square`); its comments may say anything.
            let code = text
                .lines()
                .filter(|line| !line.trim_start().starts_with("//"));
            let is_rust = source.to_string_lossy().ends_with(".rs.tmpl");
            if is_rust && code.clone().any(|line| contains_word(line, &names.ty)) {
                bail!(
                    "the puzzle's type would be `{}`, a name the template's code uses already \
                     ({}): choose another name",
                    names.ty,
                    source.strip_prefix(root).unwrap_or(&source).display()
                );
            }
            let rendered = names.render(&text);
            if let Some(at) = rendered.find("__") {
                let word: String = rendered[at..].chars().take(20).collect();
                if word[2..].starts_with(|c: char| c.is_ascii_uppercase()) {
                    bail!("{}: a placeholder left unknown: {word}", source.display());
                }
            }
            files.push((target, rendered));
        }
    }
    let manifest = register_dependency(&manifest, name)?;
    let list = register_type(&list, &names.krate, &names.ty)?;

    let mut written = Vec::new();
    for (path, text) in files {
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent)
                .with_context(|| format!("creating {}", parent.display()))?;
        }
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        written.push(path);
    }
    for (path, text) in [(manifest_path, manifest), (list_path, list)] {
        std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        written.push(path);
    }
    Ok(written)
}

fn read(path: &Path) -> Result<String> {
    std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))
}

/// Every file under `dir`, sorted.
fn walk(dir: &Path) -> Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    let entries = std::fs::read_dir(dir).with_context(|| format!("reading {}", dir.display()))?;
    for entry in entries {
        let path = entry?.path();
        if path.is_dir() {
            files.extend(walk(&path)?);
        } else {
            files.push(path);
        }
    }
    files.sort();
    Ok(files)
}

/// Whether `word` stands in `text` as a whole identifier.
fn contains_word(text: &str, word: &str) -> bool {
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(ident) && !after.is_some_and(ident)
    })
}

/// The registry's manifest with `name`'s dependency after the last
/// puzzle's, written as the others are.
fn register_dependency(manifest: &str, name: &str) -> Result<String> {
    let mut lines: Vec<&str> = manifest.lines().collect();
    let Some(last) = lines
        .iter()
        .rposition(|line| line.contains("path = \"../") && line.contains("features = [\"app\"]"))
    else {
        bail!("crates/registry/Cargo.toml lists no puzzle dependency to add {name} after");
    };
    let line = format!(
        "{name} = {{ path = \"../{name}\", default-features = false, features = [\"app\"] }}"
    );
    lines.insert(last + 1, &line);
    Ok(lines.join("\n") + "\n")
}

/// The registry's `lib.rs` with `krate::ty` at the end of the `puzzles!`
/// list.
fn register_type(list: &str, krate: &str, ty: &str) -> Result<String> {
    let mut lines: Vec<&str> = list.lines().collect();
    let start = lines
        .iter()
        .position(|line| line.trim() == "puzzles! {")
        .context("crates/registry/src/lib.rs has no `puzzles! {` list")?;
    let end = lines[start..]
        .iter()
        .position(|line| line.trim() == "}")
        .context("crates/registry/src/lib.rs: the `puzzles!` list has no end")?;
    let line = format!("    {krate}::{ty},");
    lines.insert(start + end, &line);
    Ok(lines.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_gives_its_identifier_type_and_title_or_is_refused() {
        let names = Names::new("light-up").expect("a name");
        assert_eq!(
            (
                names.krate.as_str(),
                names.ty.as_str(),
                names.title.as_str()
            ),
            ("light_up", "LightUp", "Light up")
        );
        assert_eq!(Names::new("akari2").expect("a name").ty, "Akari2");
        for bad in [
            "", "Akari", "2x", "a--b", "-a", "a-", "a_b", "akari!", "type", "self",
        ] {
            assert!(Names::new(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_registry_gets_its_two_lines_in_place() {
        let manifest = "[dependencies]\ncli-kit.workspace = true\n\
            a = { path = \"../a\", default-features = false, features = [\"app\"] }\n\
            \n[dev-dependencies]\ntoml.workspace = true\n";
        let added = register_dependency(manifest, "b").expect("added");
        assert!(
            added.contains("features = [\"app\"] }\nb = { path = \"../b\", default-features = false, features = [\"app\"] }\n\n[dev-dependencies]"),
            "{added}"
        );
        let list = "x\npuzzles! {\n    a::A,\n}\n\nfn f() {\n}\n";
        assert_eq!(
            register_type(list, "b_c", "BC").expect("added"),
            "x\npuzzles! {\n    a::A,\n    b_c::BC,\n}\n\nfn f() {\n}\n"
        );
        assert!(register_type("no list\n", "b", "B").is_err());
    }

    /// A root of its own: the registry's two files, a lock file and the
    /// templates, removed when the test ends.
    fn scratch_root(test: &str) -> workspace::TempDir {
        let root = workspace::TempDir::new(&format!("new-puzzle-{test}")).expect("a folder");
        let real = workspace::root();
        for file in [
            "crates/registry/Cargo.toml",
            "crates/registry/src/lib.rs",
            "Cargo.lock",
        ] {
            let target = root.0.join(file);
            std::fs::create_dir_all(target.parent().expect("a parent")).expect("a folder");
            std::fs::copy(real.join(file), target).expect("copied");
        }
        for source in walk(&real.join("xtask/template")).expect("the templates") {
            let target = root.0.join(source.strip_prefix(&real).expect("inside"));
            std::fs::create_dir_all(target.parent().expect("a parent")).expect("a folder");
            std::fs::copy(&source, target).expect("copied");
        }
        root
    }

    #[test]
    fn the_scaffold_writes_every_template_once_and_then_refuses_the_name() {
        let root = scratch_root("writes");
        let names = Names::new("light-up").expect("a name");
        let written = scaffold(&root.0, &names).expect("written");
        let templates = walk(&root.0.join("xtask/template")).expect("the templates");
        assert_eq!(
            written.len(),
            templates.len() + 2,
            "every template and the registry's two files"
        );
        for path in &written {
            let text = std::fs::read_to_string(path).expect("written");
            for placeholder in ["__NAME__", "__CRATE__", "__TYPE__", "__TITLE__"] {
                assert!(
                    !text.contains(placeholder),
                    "{}: {placeholder}",
                    path.display()
                );
            }
        }
        let main =
            std::fs::read_to_string(root.0.join("crates/light-up/src/main.rs")).expect("main");
        assert!(main.contains("use light_up::{LightUp, Algo};"), "{main}");
        assert!(root.0.join("fixtures/light-up/cases.toml").is_file());
        let manifest = read(&root.0.join("crates/registry/Cargo.toml")).expect("the manifest");
        let path = root.0.join("crates/registry/Cargo.toml");
        let registered = workspace::puzzle_names_in(&manifest, &path).expect("the names");
        assert_eq!(registered.last().map(String::as_str), Some("light-up"));
        let list = read(&root.0.join("crates/registry/src/lib.rs")).expect("the list");
        assert!(list.contains("    light_up::LightUp,\n}"), "{list}");
        let again = scaffold(&root.0, &names).unwrap_err().to_string();
        assert_eq!(
            again,
            "crates/light-up exists: the name is taken by a crate"
        );
    }

    #[test]
    fn a_refused_name_leaves_the_workspace_as_it_was() {
        let root = scratch_root("refused");
        let before = read(&root.0.join("crates/registry/src/lib.rs")).expect("the list");
        let square = scaffold(&root.0, &Names::new("square").expect("a name"));
        assert!(square.unwrap_err().to_string().contains("`Square`"));
        let serde = scaffold(&root.0, &Names::new("serde").expect("a name"));
        assert!(serde.unwrap_err().to_string().contains("Cargo.lock"));
        assert!(!root.0.join("crates/square").exists() && !root.0.join("fixtures/square").exists());
        assert_eq!(
            read(&root.0.join("crates/registry/src/lib.rs")).expect("the list"),
            before
        );
    }

    #[test]
    fn a_type_is_found_only_as_a_whole_word() {
        assert!(contains_word("let square: Square = x;", "Square"));
        assert!(!contains_word("SquareRecord and MySquare", "Square"));
    }
}
