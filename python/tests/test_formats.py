"""canonical, transform, read, write: agreement with the CLI, round trips, errors."""

from __future__ import annotations

import json

import pytest

import sudokit
from conftest import TESTDATA

FORMATS = [
    "line", "boxed", "sdk", "ss", "pm", "hodoku", "sukaku", "opensudoku", "matrix",
    "classic", "kennett", "leptonica", "pipe", "json",
]


def test_canonical_agrees_with_cli(cli, clue17, hard):
    puzzles = clue17[:30] + hard[:10]
    code, out, _ = cli("canonical", stdin="\n".join(puzzles) + "\n")
    assert code == 0
    assert [sudokit.canonical(p) for p in puzzles] == out.split()
    assert sudokit.canonical_batch(puzzles) == out.split()


def test_canonical_reports_clashing_givens_as_the_cli_does(cli):
    # Two 5s in row 1 (and box 1): the CLI prints the form, names the clashes on stderr
    # and exits 1; Python returns the same form with a UserWarning naming them.
    clashing = "55" + "." * 79
    code, out, err = cli("canonical", stdin=clashing + "\n")
    assert code == 1 and "invalid givens" in err
    with pytest.warns(UserWarning, match=r"invalid givens: digit 5 2 times in row 1") as seen:
        assert sudokit.canonical(clashing) == out.strip()
    assert len(seen) == 1
    with pytest.warns(UserWarning, match=r"^puzzle 2: invalid givens") as seen:
        forms = sudokit.canonical_batch(["1" + "." * 80, clashing])
    assert forms[1] == out.strip() and len(seen) == 1


def test_transform_is_an_isomorph(hard, cli):
    for i, p in enumerate(hard[:10]):
        t = sudokit.transform(p, seed=i)
        assert t == sudokit.transform(p, seed=i)
        assert sudokit.canonical(t) == sudokit.canonical(p)
        assert sudokit.count(t) == 1
    assert len({sudokit.transform(hard[0], seed=s) for s in range(20)}) > 1
    six = sudokit.generate(1, seed=1, box="3x2")[0]
    moved = sudokit.transform(six, seed=4, box="3x2")
    assert sudokit.solve(moved, box="3x2").status == "unique"
    # Every shape has a canonical form, the same for an isomorph, and the CLI's.
    assert sudokit.canonical(moved, box="3x2") == sudokit.canonical(six, box="3x2")
    form = sudokit.canonical(six, box="3x2")
    assert sudokit.canonical_batch([six, moved], box="3x2") == [form, form]
    code, out, _ = cli("canonical", "--box", "3x2", stdin=moved + "\n")
    assert (code, out.strip()) == (0, form)
    # Its transpose, in 2x3 boxes, is the same puzzle turned a quarter: one form for both,
    # written in 2x3.
    cells = six.split()[0]
    assert len(cells) == 36, six
    wide = "".join(cells[(i % 6) * 6 + i // 6] for i in range(36))
    assert sudokit.canonical(wide, box="2x3") == form
    assert "# box" not in form


def test_canonical_of_a_giant_is_the_clis_and_its_isomorphs(cli):
    # Past 9x9 the form is found by refinement: a 25x25 and a 36x36 puzzle have one, the
    # same for re-oriented copies, as the CLI prints it.
    for path in [TESTDATA / "cli" / "twentyfive.txt", TESTDATA / "large" / "hard-36-1.txt"]:
        text = path.read_text()
        form = sudokit.canonical(text)
        copies = [sudokit.transform(text, seed=s) for s in range(3)]
        assert sudokit.canonical_batch(copies) == [form] * 3
        code, out, _ = cli("canonical", str(path))
        assert (code, out.strip()) == (0, form)


@pytest.mark.parametrize("fmt", FORMATS)
def test_write_read_round_trip_agrees_with_cli(cli, hard, fmt):
    puzzles = hard[:3]
    text = sudokit.write(puzzles, fmt)
    code, out, _ = cli("convert", "--to", fmt, stdin="\n".join(puzzles) + "\n")
    assert code == 0
    assert text == out
    back = sudokit.read(text)
    assert [sudokit.solve(p).solution for p in back] == [sudokit.solve(p).solution for p in puzzles]


@pytest.mark.parametrize("name", ["six-2x3.txt", "six-3x2.json", "sixteen.txt", "twentyfive.txt"])
def test_shapes_survive_read_and_write(name):
    text = (TESTDATA / "cli" / name).read_text()
    [line] = sudokit.read(text)
    again = sudokit.read(sudokit.write([line], "json"))
    assert sudokit.solve(again[0]).solution == sudokit.solve(text).solution
    assert sudokit.solve(line).solution == sudokit.solve(text).solution


@pytest.mark.parametrize("alphabet", ["hex", "letters", "standard"])
def test_write_in_other_symbols_agrees_with_cli(cli, alphabet):
    text = (TESTDATA / "cli" / "sixteen.txt").read_text()
    [line] = sudokit.read(text)
    written = sudokit.write([line], "line", alphabet=alphabet)
    code, out, _ = cli("convert", "--to", "line", "--to-alphabet", alphabet, stdin=text)
    assert code == 0
    assert written == out
    # The same puzzle and solution, each in its own symbols: compared as numbers.
    def grid(p):
        return json.loads(sudokit.write([p], "json"))["grid"]

    assert grid(written) == grid(line)
    assert grid(sudokit.solve(written).solution) == grid(sudokit.solve(line).solution)


def test_write_refuses_symbols_too_few_for_the_side():
    [line] = sudokit.read((TESTDATA / "cli" / "twentyfive.txt").read_text())
    with pytest.raises(ValueError, match="the hex symbols have none for 25"):
        sudokit.write([line], "line", alphabet="hex")
    with pytest.raises(ValueError, match="unknown alphabet"):
        sudokit.write([line], "line", alphabet="greek")


@pytest.mark.parametrize("fmt", ["matrix", "pipe", "sukaku", "opensudoku", "classic"])
def test_write_refuses_symbols_a_format_cannot_write_as_the_cli_does(cli, fmt):
    # They were ignored: a matrix "in hex" came out in numbers, with no error.
    text = (TESTDATA / "cli" / "sixteen.txt").read_text()
    code, _, err = cli("convert", "--to", fmt, "--to-alphabet", "hex", stdin=text)
    assert code == 2 and f"the {fmt} format does not write" in err
    with pytest.raises(ValueError, match=f"alphabet: the {fmt} format does not write"):
        sudokit.write(sudokit.read(text), fmt, alphabet="hex")
    assert sudokit.write(sudokit.read(text), "sdk", alphabet="hex")


def test_one_puzzle_calls_pass_over_a_title_as_the_cli_does(cli, hard):
    # A title or a CSV header above the grid was the error ("skipped: a header or title
    # line"), where `sudoku solve` notes it and solves the puzzle below.
    for text in [f"Grid 01\n{hard[0]}\n", f"quizzes,solutions\n{hard[0]}\n"]:
        code, out, _ = cli("solve", "--to", "line", stdin=text)
        assert code == 0
        assert sudokit.solve(text).solution == out.strip()
        assert sudokit.rate(text).er == sudokit.rate(hard[0]).er
    with pytest.raises(ValueError, match="no puzzle found"):
        sudokit.solve("Grid 01\n")


def test_read_a_path_and_its_errors(cli, tmp_path):
    good = TESTDATA / "puzzles" / "17clue-200.txt"
    assert sudokit.read(good) == sudokit.read(str(good)) == good.read_text().split()
    bad = tmp_path / "bad.txt"
    bad.write_text("." * 81 + "\n" + "." * 40 + "x" + "." * 40 + "\n12\n")
    code, _, err = cli("solve", str(bad))
    assert code == 2
    with pytest.raises(ValueError) as e:
        sudokit.read(bad)
    assert str(e.value) == err.splitlines()[0].removeprefix("sudoku: ")
    with pytest.raises(ValueError, match="no puzzle found"):
        sudokit.read("# only a comment\n")
    with pytest.raises(ValueError, match="unknown format"):
        sudokit.write(["." * 81], "tiff")
    with pytest.raises(ValueError, match="no puzzle found"):
        sudokit.canonical("# only a comment\n")


def test_read_of_a_utf16_file_is_the_clis(cli, tmp_path):
    # Windows PowerShell 5's `>` writes UTF-16 with a byte-order mark: the CLI reads it,
    # and so does `read` (it said "not UTF-8 text").
    good = TESTDATA / "puzzles" / "17clue-200.txt"
    text = "A title\r\n" + good.read_text().replace("\n", "\r\n")
    wide = tmp_path / "wide.txt"
    wide.write_bytes(text.encode("utf-16"))
    assert wide.read_bytes()[:2] in (b"\xff\xfe", b"\xfe\xff")
    code, out, _ = cli("convert", "--to", "line", str(wide))
    assert code == 0
    assert sudokit.read(wide) == out.split() == good.read_text().split()


def test_read_of_a_missing_file_says_so(tmp_path):
    # A path to no file was read as a puzzle: "<string>:1:1: unexpected character '/'",
    # and a folder as the text of its name.
    missing = tmp_path / "bank.sdk"
    for arg in [missing, str(missing), "bank.sdk", "puzzles/none.txt"]:
        with pytest.raises(FileNotFoundError) as e:
            sudokit.read(arg)
        assert "cannot open" in str(e.value), str(e.value)
    with pytest.raises(IsADirectoryError):
        sudokit.read(str(tmp_path))
    # Text that is no puzzle and no path is still a puzzle's error.
    with pytest.raises(ValueError, match="expected 81 cells"):
        sudokit.read("12")


def test_read_keeps_a_cell_with_one_candidate_a_candidate():
    # read() gave marks as a Sukaku line, which reads r1c1's one candidate 1 back as a
    # given 1: such a puzzle now comes as a JSON line, the same position read again.
    marks = [
        [[1], [2, 3], [2, 3, 4], [2, 3, 4]],
        [[2, 3], [3, 4], [2, 3, 4], [2, 3, 4]],
        [[2, 3, 4], [2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]],
        [[2, 3, 4], [2, 3, 4], [1, 2, 3, 4], [1, 2, 3, 4]],
    ]
    text = json.dumps({"size": 4, "box": [2, 2], "grid": [[0] * 4] * 4, "marks": marks})
    [one] = sudokit.read(text)
    back = json.loads(sudokit.write([one], "json"))
    assert back["grid"] == [[0] * 4] * 4, one
    assert back["marks"] == marks, one
    with pytest.raises(ValueError, match="r1c1's one candidate 1: it would read back as a given"):
        sudokit.write([text], "sukaku")


@pytest.mark.parametrize("bad", [None, 3, ["a", "b"]])
def test_read_of_what_is_no_text_nor_path_says_what_it_takes(bad):
    # pyo3's message listed both variants' failures, `Source::Text.0` and all.
    with pytest.raises(TypeError) as e:
        sudokit.read(bad)
    message = str(e.value)
    assert message.startswith("path_or_text must be a str (a puzzle text, or the path of a file)")
    assert "Source" not in message and message.endswith(f"not {type(bad).__name__}")
