// Package format knows how online judges lay out sliding-puzzle cases and
// answers. A judge is a Preset: a small description of its input and
// output, not code of its own. Reader streams the cases of a judge file;
// the Append methods of Preset write answers in the judge's form.
package format

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/notation"
)

// Print says what a preset prints for a case.
type Print int

const (
	// Path prints the move string: the lexicographically smallest shortest
	// path, empty for a board that is already solved.
	Path Print = iota
	// Moves prints the number of moves of a shortest path.
	Moves
	// MovesThenPath prints the number of moves, then the path on a line
	// of its own (HDU 3567).
	MovesThenPath
	// Verdict prints whether the board can reach its goal at all: the
	// preset's Solved word, or its Unsolvable one (POJ 2893).
	Verdict
)

// Size says how a case gives the size of its board, in a preset whose
// cases may each have their own.
type Size int

const (
	// NoSize: every board has the preset's shape (or, for boards given as
	// arguments with no shape, its own).
	NoSize Size = iota
	// RowsCols: a line "M N" before each board of M rows of N cells; the
	// line "0 0" ends the input (POJ 2893).
	RowsCols
	// Side: a line "N" before each board of N rows of N cells (the 42
	// school's n-puzzle).
	Side
)

// Preset describes a judge's input and output.
type Preset struct {
	Name     string // the name for -format: "hdu1043"
	Problems string // the problems it matches: "HDU 1043, POJ 1077"
	Shape    board.Shape

	// Input.
	Count   bool       // the input starts with the number of cases
	Pairs   bool       // a case is a start board then a goal board
	OneLine bool       // a case is one line; else a board is one line or one row a line
	Goal    board.Goal // the goal of every case, unless Pairs: a board, or a goal every shape has (board.GoalNames)
	// Size says how each case gives its board's size; Shape is then the
	// zero Shape.
	Size Size
	// Comments says that "#" starts a comment that runs to the end of its
	// line (and is then no blank).
	Comments bool
	// Separated says that a blank line stands between cases, so that in
	// reading a case runs to the next blank line.
	Separated bool
	// Nested says that a board is written as nested lists, one a row, as
	// LeetCode writes it: [[1,2,3],[4,0,5]], 0 the blank. Such a board is
	// one line, in reading and in writing.
	Nested bool

	// How the judge writes a board in its input, for test data.
	Blank  byte // the blank: 'x', 'X', '0' or '#'
	Spaced bool // cells separated by spaces
	Rows   bool // one row a line, else the whole board on one line
	Gap    bool // a blank line before each case
	// Output.
	Print Print
	Upper bool // print the moves in capitals: L R U D
	// Notation is how paths are written: the judges' letters, where the
	// blank goes (the zero Notation, in capitals where Upper says), or
	// the speedsolvers', where the tile goes, runs counted ("U2 L2 D"),
	// capitals whatever Upper says. Every answer a Preset writes, in
	// bulk or streamed, is written in it here (appendPath,
	// AnswerWriter.End, PathWriter).
	Notation   notation.Notation
	Unsolvable string // printed in place of the answer when there is none
	Solved     string // printed by Verdict for a board that reaches its goal
	Label      string // printed before each answer, %d the case number
	Between    string // printed between the answers of two cases
}

// Bad is printed in place of the answer to a case that could not be read,
// so that answers stay aligned with their cases.
const Bad = "error"

// Presets are the judges this package knows, the default first.
var Presets = []Preset{
	{
		Name: "hdu1043", Problems: "HDU 1043, POJ 1077, ZOJ 1217, AcWing 179",
		Shape: board.Shape3x3, OneLine: true, Goal: board.MustParseGoal(board.Shape3x3, "12345678x"),
		Blank: 'x', Spaced: true,
		Print: Path, Unsolvable: "unsolvable",
	},
	{
		Name: "uva652", Problems: "UVa 652",
		Shape: board.Shape3x3, Count: true, Goal: board.MustParseGoal(board.Shape3x3, "12345678x"),
		Blank: 'x', Spaced: true, Gap: true,
		Print: Path, Unsolvable: "unsolvable", Between: "\n",
	},
	{
		Name: "acwing845", Problems: "AcWing 845",
		Shape: board.Shape3x3, OneLine: true, Goal: board.MustParseGoal(board.Shape3x3, "12345678x"),
		Blank: 'x', Spaced: true,
		Print: Moves, Unsolvable: "-1",
	},
	{
		Name: "luogu1379", Problems: "Luogu P1379, CodeVS 1225",
		Shape: board.Shape3x3, OneLine: true, Goal: board.MustParseGoal(board.Shape3x3, "123804765"),
		Blank: '0',
		Print: Moves, Unsolvable: "-1",
	},
	{
		Name: "lrj", Problems: "the 8-puzzle example of 算法竞赛入门经典 ch. 7",
		Shape: board.Shape3x3, Pairs: true,
		Blank: '0', Spaced: true,
		Print: Moves, Unsolvable: "-1",
	},
	{
		Name: "hoj1868", Problems: "HOJ 1868",
		Shape: board.Shape3x3, Count: true, Pairs: true,
		Blank: '0', Spaced: true,
		Print: Moves, Unsolvable: "-1",
	},
	{
		Name: "hdu3567", Problems: "HDU 3567 Eight II",
		Shape: board.Shape3x3, Count: true, Pairs: true,
		Blank: 'X',
		Print: MovesThenPath, Unsolvable: "unsolvable", Label: "Case %d: ",
	},
	{
		Name: "lightoj1139", Problems: "LightOJ 1139",
		Shape: board.Shape3x3, Count: true, Goal: board.MustParseGoal(board.Shape3x3, "12345678x"),
		Separated: true,
		Blank:     '0', Spaced: true, Rows: true, Gap: true,
		Print: Moves, Unsolvable: "impossible", Label: "Case %d: ",
	},
	{
		Name: "aoj", Problems: "AOJ ALDS1_13_B",
		Shape: board.Shape3x3, Goal: board.MustParseGoal(board.Shape3x3, "12345678x"),
		Blank: '0', Spaced: true, Rows: true,
		Print: Moves, Unsolvable: "-1",
	},
	{
		Name: "leetcode773", Problems: "LeetCode 773 Sliding Puzzle",
		Shape: board.Shape{Rows: 2, Cols: 3}, OneLine: true, Nested: true, Goal: board.MustParseGoal(board.Shape{Rows: 2, Cols: 3}, "12345x"),
		Blank: '0',
		Print: Moves, Unsolvable: "-1",
	},
	{
		Name: "uva10181", Problems: "UVa 10181 15-Puzzle Problem",
		Shape: board.Shape{Rows: 4, Cols: 4}, Count: true, Goal: board.MustParseGoal(board.Shape{Rows: 4, Cols: 4}, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"),
		Blank: '0', Spaced: true, Rows: true,
		Print: Path, Upper: true, Unsolvable: "This puzzle is not solvable.",
	},
	{
		Name: "aoj13c", Problems: "AOJ ALDS1_13_C 15 Puzzle",
		Shape: board.Shape{Rows: 4, Cols: 4}, Goal: board.MustParseGoal(board.Shape{Rows: 4, Cols: 4}, "1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 x"),
		Blank: '0', Spaced: true, Rows: true,
		Print: Moves, Unsolvable: "-1",
	},
	{
		Name: "boj11112", Problems: "BOJ 11112",
		Shape: board.Shape3x3, Count: true, Goal: board.MustParseGoal(board.Shape3x3, "12345678x"), Separated: true,
		Blank: '#', Rows: true, Gap: true,
		Print: Moves, Unsolvable: "impossible",
	},
	{
		Name: "poj2893", Problems: "POJ 2893 M x N Puzzle",
		Size: RowsCols, Goal: board.MustParseGoal(board.Shape{}, board.BlankLast),
		Blank: '0', Spaced: true, Rows: true,
		Print: Verdict, Solved: "YES", Unsolvable: "NO",
	},
	{
		Name: "npuzzle", Problems: "the 42 school's n-puzzle",
		Size: Side, Goal: board.MustParseGoal(board.Shape{}, board.Snail), Comments: true,
		Blank: '0', Spaced: true, Rows: true,
		Print: Path, Unsolvable: "unsolvable",
	},
}

// Lookup returns the preset called name.
func Lookup(name string) (Preset, bool) {
	for _, p := range Presets {
		if p.Name == name {
			return p, true
		}
	}
	return Preset{}, false
}

// Names returns the names of the presets, the default first.
func Names() []string {
	var names []string
	for _, p := range Presets {
		names = append(names, p.Name)
	}
	return names
}

// Check reports whether p can be read and written: a shape a board can
// have, a goal of that shape unless p reads one with every case, a known
// Print, and a label with at most one %d.
func (p *Preset) Check() error { return p.check(true) }

// CheckArgs is Check for boards given as arguments (NewArgsReader), where
// a preset may have no shape (the zero Shape): each board says its own.
func (p *Preset) CheckArgs() error { return p.check(false) }

// check is Check, with the shape left out when needShape is false: a
// reader of arguments can take each board's shape from the board.
func (p *Preset) check(needShape bool) error {
	switch {
	case p.Size != NoSize && (p.Shape != board.Shape{} || p.Pairs || p.Count || p.OneLine || p.Nested || p.Separated):
		return fmt.Errorf("format: preset %q: a size a case goes with no shape, pairs, count, lines, lists or blank lines between cases", p.Name)
	case p.Size < NoSize || p.Size > Side:
		return fmt.Errorf("format: preset %q: unknown Size %d", p.Name, p.Size)
	case p.Size == NoSize && !p.Shape.Valid() && (needShape || p.Shape != board.Shape{}):
		return fmt.Errorf("format: preset %q: shape %v not supported", p.Name, p.Shape)
	case p.Print < Path || p.Print > Verdict:
		return fmt.Errorf("format: preset %q: unknown Print %d", p.Name, p.Print)
	case strings.Count(p.Label, "%") > 1 || strings.Count(p.Label, "%") != strings.Count(p.Label, "%d"):
		return fmt.Errorf("format: preset %q: label %q, want at most one %%d and no other %%", p.Name, p.Label)
	}
	if !p.Pairs && p.Shape.Valid() {
		if _, err := p.Goal.For(p.Shape); err != nil {
			return fmt.Errorf("format: preset %q: goal %v: %w", p.Name, p.Goal, err)
		}
	}
	return nil
}

// DefaultGoal returns the goal of p's cases, or false if p reads a goal
// with every case, its cases have shapes of their own, or its goal is not
// a board of its shape (Check says why).
func (p *Preset) DefaultGoal() (board.Board, bool) {
	if p.Pairs {
		return board.Board{}, false
	}
	g, err := p.Goal.For(p.Shape)
	return g, err == nil
}

// WithShape returns p for boards of shape s: its goal is the standard
// goal of s (the tiles in reading order, the blank last) unless p reads a
// goal with every case, already has s, or names its goal (board.GoalNames),
// which every shape has. The zero Shape makes a preset whose boards say
// their own shape, for boards given as arguments.
func (p *Preset) WithShape(s board.Shape) Preset {
	q := *p
	if s == q.Shape {
		return q
	}
	q.Shape = s
	if _, isBoard := q.Goal.Board(); !q.Pairs && isBoard {
		q.Goal = board.Goal{} // blank-last
	}
	return q
}

// ExampleBoard returns p's goal as p writes a board, without its line
// end: an example of p's input, for messages and help; "" for a preset
// with no goal of its own.
func (p *Preset) ExampleBoard() string {
	g, ok := p.DefaultGoal()
	if !ok {
		return ""
	}
	return strings.TrimSuffix(string(p.AppendBoard(nil, g)), "\n")
}

// NeedsPath reports whether p prints paths, not only their lengths.
func (p *Preset) NeedsPath() bool { return p.Print == Path || p.Print == MovesThenPath }

// appendLabel writes what comes before the answer to case num.
func (p *Preset) appendLabel(dst []byte, num int) []byte {
	if num > 1 {
		dst = append(dst, p.Between...)
	}
	return p.appendCaseLabel(dst, num)
}

// appendCaseLabel writes p's Label for case num: its %d written as num.
func (p *Preset) appendCaseLabel(dst []byte, num int) []byte {
	before, after, found := labelParts(p.Label)
	dst = append(dst, before...)
	if found {
		dst = appendInt(dst, num)
		dst = append(dst, after...)
	}
	return dst
}

// labelParts splits label around its first %d, and reports whether it
// has one. The %d is most often the label's first %: found with no search
// for the two bytes, as every answer of a labelled preset needs.
func labelParts(label string) (before, after string, found bool) {
	if i := strings.IndexByte(label, '%'); i >= 0 && i+1 < len(label) && label[i+1] == 'd' {
		return label[:i], label[i+2:], true
	} else if i < 0 {
		return label, "", false
	}
	return strings.Cut(label, "%d")
}

// appendInt is strconv.AppendInt in base 10, for a number below 10^8
// written in place as eight digits made two at a time from two halves
// (divisions that do not wait on each other), of which its own are kept:
// strconv writes to a buffer of its own, a digit pair a division in turn,
// and copies them.
func appendInt(dst []byte, n int) []byte {
	if n >= 10 && n < 100 {
		// A distance, most often: two digits, from digits2.
		return append(dst, digits2[2*n], digits2[2*n+1])
	}
	if n < 0 || n >= 1e8 {
		return strconv.AppendInt(dst, int64(n), 10)
	}
	k := 1 + b2i(n >= 10) + b2i(n >= 100) + b2i(n >= 1e3) + b2i(n >= 1e4) +
		b2i(n >= 1e5) + b2i(n >= 1e6) + b2i(n >= 1e7)
	hi, lo := uint(n)/10000, uint(n)%10000
	pair := func(d uint) uint64 { return uint64(digits2[2*d]) | uint64(digits2[2*d+1])<<8 }
	// The eight digits, the first in the lowest byte, shifted so that the
	// number's own come first.
	x := pair(hi/100) | pair(hi%100)<<16 | pair(lo/100)<<32 | pair(lo%100)<<48
	x >>= 8 * uint(8-k)
	m := len(dst)
	dst = slices.Grow(dst, 8)
	binary.LittleEndian.PutUint64(dst[m:m+8], x)
	return dst[:m+k]
}

// b2i returns 1 for true and 0 for false, with no branch.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// digits2 holds the two digits of each number below 100.
const digits2 = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// AppendAnswer appends the answer to case num (counted from 1): path, the
// letters of a shortest path (nil when p does not need it), and dist, its
// length.
func (p *Preset) AppendAnswer(dst []byte, num int, path []byte, dist int) []byte {
	dst = p.appendLabel(dst, num)
	switch p.Print {
	case Path:
		dst = p.appendPath(dst, path)
	case Moves:
		dst = appendInt(dst, dist)
	case MovesThenPath:
		dst = appendInt(dst, dist)
		dst = append(dst, '\n')
		dst = p.appendPath(dst, path)
	}
	return append(dst, '\n')
}

// appendPath appends path, the judges' letters, in p's notation: in
// capitals where p asks.
func (p *Preset) appendPath(dst, path []byte) []byte {
	switch {
	case p.Notation != notation.Blank:
		return p.Notation.Append(dst, path)
	case !p.Upper:
		return append(dst, path...)
	}
	for _, c := range path {
		dst = append(dst, c&^0x20)
	}
	return dst
}

// PathWriter returns a writer that writes the judges' letters written to
// it on to w in p's notation, as they come, for a path streamed as it is
// made; Close writes the last of it (a run of the speedsolvers' letters).
func (p *Preset) PathWriter(w io.Writer) io.WriteCloser {
	switch {
	case p.Notation != notation.Blank:
		return notation.NewWriter(w, p.Notation)
	case p.Upper:
		return &upperWriter{w: w}
	}
	return nopCloser{w}
}

// upperWriter writes the letters of a path in capitals.
type upperWriter struct {
	w   io.Writer
	buf []byte
}

func (u *upperWriter) Write(p []byte) (int, error) {
	u.buf = u.buf[:0]
	for _, c := range p {
		u.buf = append(u.buf, c&^0x20)
	}
	if _, err := u.w.Write(u.buf); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (u *upperWriter) Close() error { return nil }

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }

// AppendUnsolvable appends the answer to case num when its goal cannot be
// reached.
func (p *Preset) AppendUnsolvable(dst []byte, num int) []byte {
	return p.appendWord(dst, num, p.Unsolvable)
}

// AppendBad appends the answer to case num when it could not be read: the
// word Bad, in as many lines as any other answer of p.
func (p *Preset) AppendBad(dst []byte, num int) []byte {
	return p.appendWord(dst, num, Bad)
}

// AppendVerdict appends the answer of a Verdict preset to case num: its
// Solved word when the board reaches its goal, its Unsolvable one when not.
func (p *Preset) AppendVerdict(dst []byte, num int, solvable bool) []byte {
	if solvable {
		return p.appendWord(dst, num, p.Solved)
	}
	return p.appendWord(dst, num, p.Unsolvable)
}

func (p *Preset) appendWord(dst []byte, num int, word string) []byte {
	dst = p.appendLabel(dst, num)
	dst = append(dst, word...)
	if p.Print == MovesThenPath {
		dst = append(dst, '\n')
	}
	return append(dst, '\n')
}

// AppendBoard appends b as the judge writes a board in its input, with the
// line end.
func (p *Preset) AppendBoard(dst []byte, b board.Board) []byte {
	s := b.Shape()
	if p.Nested {
		dst = append(dst, '[')
		for i := range s.Cells() {
			switch {
			case i == 0:
				dst = append(dst, '[')
			case i%s.Cols == 0:
				dst = append(dst, "],["...)
			default:
				dst = append(dst, ',')
			}
			dst = strconv.AppendInt(dst, int64(b.Cell(i)), 10)
		}
		return append(dst, "]]\n"...)
	}
	spaced := p.Spaced || s.Cells() > 10 // tiles of two digits are spaced in any preset
	for i := range s.Cells() {
		if i > 0 {
			switch {
			case p.Rows && i%s.Cols == 0:
				dst = append(dst, '\n')
			case spaced:
				dst = append(dst, ' ')
			}
		}
		if c := b.Cell(i); c == 0 {
			dst = append(dst, p.Blank)
		} else {
			dst = strconv.AppendInt(dst, int64(c), 10)
		}
	}
	return append(dst, '\n')
}

// AppendCase appends the input of one case: a blank line first where the
// judge has one, then the start board, then the goal for a judge of pairs.
func (p *Preset) AppendCase(dst []byte, start, goal board.Board) []byte {
	if p.Gap {
		dst = append(dst, '\n')
	}
	switch s := start.Shape(); p.Size {
	case RowsCols:
		dst = strconv.AppendInt(dst, int64(s.Rows), 10)
		dst = append(dst, ' ')
		dst = strconv.AppendInt(dst, int64(s.Cols), 10)
		dst = append(dst, '\n')
	case Side:
		dst = strconv.AppendInt(dst, int64(s.Rows), 10)
		dst = append(dst, '\n')
	}
	dst = p.AppendBoard(dst, start)
	if p.Pairs {
		dst = p.AppendBoard(dst, goal)
	}
	return dst
}

// AppendEnd appends what ends the input of a judge that has an end: the
// line "0 0" of RowsCols.
func (p *Preset) AppendEnd(dst []byte) []byte {
	if p.Size == RowsCols {
		dst = append(dst, "0 0\n"...)
	}
	return dst
}

// AppendCount appends the count of cases that starts the input of a judge
// that has one.
func (p *Preset) AppendCount(dst []byte, n int) []byte {
	if !p.Count {
		return dst
	}
	dst = strconv.AppendInt(dst, int64(n), 10)
	return append(dst, '\n')
}

// Describe says in a few words how p lays out its cases and answers, for
// help text.
func (p *Preset) Describe() string {
	var in string
	switch {
	case p.Nested:
		in = "one board a line as nested lists"
	case p.OneLine:
		in = "one board a line"
	case p.Pairs:
		in = "start and goal boards, each on one line or one row a line"
	default:
		in = "boards on one line or one row a line"
	}
	if p.Separated {
		in += ", a blank line between cases"
	}
	switch p.Size {
	case RowsCols:
		in = `cases of a line "M N" then M rows of N cells, "0 0" at the end`
	case Side:
		in = `a line "N" then N rows of N cells`
	}
	if p.Comments {
		in += `, "#" starting a comment`
	}
	if p.Count {
		in = "a count, then " + in
	}
	var out string
	switch p.Print {
	case Path:
		out = "move strings"
	case Moves:
		out = "move counts"
	case MovesThenPath:
		out = "counts and move strings"
	case Verdict:
		return fmt.Sprintf("%s, goal %v; prints %q when the board can be solved, %q if not", in, p.Goal, p.Solved, p.Unsolvable)
	}
	switch {
	case p.Nested:
		in += ", goal " + p.ExampleBoard()
	case !p.Pairs:
		in += ", goal " + p.Goal.String()
	}
	return fmt.Sprintf("%s; prints %s, %q if none", in, out, p.Unsolvable)
}
