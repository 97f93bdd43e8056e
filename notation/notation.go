// Package notation writes and reads the paths of sliding puzzles in the
// two notations players use: the judges' letters, which name where the
// blank goes (d l r u, one a move, as every judge and the rest of this
// module write them), and the speedsolvers', which name where the tile
// goes (U D L R, a repeated letter written once with its count: "R3 D2
// L", as slidysim and Tatham's Fifteen players write them). The blank
// going down is a tile going up.
package notation

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/slidingpuzzle/solver/board"
)

// A Notation is a way of writing a path.
type Notation uint8

const (
	// Blank is the judges' letters: where the blank goes, d l r u, one
	// a move ("ddrru").
	Blank Notation = iota
	// Tile is the speedsolvers' letters: where the tile goes, U D L R,
	// each run of a letter written once, with its count when more than
	// one, runs separated by spaces ("U2 L2 D").
	Tile
)

// Names are the names of the notations, in the order of their values.
var Names = []string{"blank", "tile"}

// Lookup returns the notation named name: "blank" or "tile".
func Lookup(name string) (Notation, error) {
	for i, n := range Names {
		if strings.EqualFold(name, n) {
			return Notation(i), nil
		}
	}
	return Blank, fmt.Errorf("notation %q: want blank (the judges' letters, where the blank goes: ddrru) or tile (the speedsolvers', where the tile goes: U2 L2 D)", name)
}

// String returns the name of n.
func (n Notation) String() string {
	if int(n) < len(Names) {
		return Names[n]
	}
	return "notation(" + strconv.Itoa(int(n)) + ")"
}

// tileOf maps the judges' letter of a blank move to the letter of the
// tile's move, which goes the other way: 0 for any other byte.
var tileOf = [256]byte{'d': 'U', 'u': 'D', 'l': 'R', 'r': 'L', 'D': 'U', 'U': 'D', 'L': 'R', 'R': 'L'}

// Append appends path, the judges' letters of a path (d l r u, either
// case), to dst written in notation n. Bytes that are not move letters
// are kept as they are in Blank and dropped in Tile.
func (n Notation) Append(dst, path []byte) []byte {
	if n != Tile {
		return append(dst, path...)
	}
	var r runs
	for _, c := range path {
		dst = r.add(dst, c)
	}
	return r.end(dst)
}

// runs counts the runs of one tile letter as a path is written in Tile.
type runs struct {
	last  byte // the letter of the run under way, 0 for none yet
	count int
	any   bool // a run has been written: the next takes a space
}

// add appends what a move with the blank letter c ends, the run before it
// when c starts another.
func (r *runs) add(dst []byte, c byte) []byte {
	t := tileOf[c]
	if t == 0 {
		return dst
	}
	if t == r.last {
		r.count++
		return dst
	}
	dst = r.end(dst)
	r.last, r.count = t, 1
	return dst
}

// end appends the run under way, if any.
func (r *runs) end(dst []byte) []byte {
	if r.last == 0 {
		return dst
	}
	if r.any {
		dst = append(dst, ' ')
	}
	dst = append(dst, r.last)
	if r.count > 1 {
		dst = strconv.AppendInt(dst, int64(r.count), 10)
	}
	r.last, r.count, r.any = 0, 0, true
	return dst
}

// Writer writes the judges' letters written to it on to another writer in
// a notation, as they come: a path of billions of moves in a few
// kilobytes of memory. Close writes the last run; the Writer may then be
// used for the next path.
type Writer struct {
	w   io.Writer
	n   Notation
	r   runs
	buf []byte
}

// NewWriter returns a Writer of the paths written to it, in notation n,
// to w.
func NewWriter(w io.Writer, n Notation) *Writer {
	return &Writer{w: w, n: n}
}

// errNoWriter is the error of a Writer made without NewWriter.
var errNoWriter = errors.New("notation: a Writer with nothing to write to (NewWriter makes Writers)")

// Write writes the letters of p, in the Writer's notation.
func (w *Writer) Write(p []byte) (int, error) {
	if w.w == nil {
		return 0, errNoWriter
	}
	if w.n != Tile {
		return w.w.Write(p)
	}
	n := len(p)
	for done := 0; len(p) > 0; {
		k := min(len(p), 32<<10)
		w.buf = w.buf[:0]
		for _, c := range p[:k] {
			w.buf = w.r.add(w.buf, c)
		}
		if _, err := w.w.Write(w.buf); err != nil {
			return done, err
		}
		done += k
		p = p[k:]
	}
	return n, nil
}

// Close writes the run under way, and readies the Writer for the next
// path. It does not close the writer underneath.
func (w *Writer) Close() error {
	if w.n != Tile || w.w == nil {
		return nil
	}
	w.buf = w.r.end(w.buf[:0])
	w.r = runs{}
	_, err := w.w.Write(w.buf)
	return err
}

// ErrLong is the error of a path longer than its reader allows.
var ErrLong = errors.New("path too long")

// Read reads a path written in notation n and returns its moves, as the
// blank makes them. In Blank its letters are d l r u; in Tile, U D L R;
// in either, upper or lower case, each letter may be followed by a
// count ("R3"), and spaces, commas and dots between moves are ignored.
// A path of more than limit moves is an error (ErrLong), before any of
// it is kept past the limit. Errors name the column, counted from 1.
func Read(text string, n Notation, limit int) ([]board.Move, error) {
	var path []board.Move
	for i := 0; i < len(text); {
		c := text[i]
		if c == ' ' || c == '\t' || c == ',' || c == '.' || c == '\n' || c == '\r' {
			i++
			continue
		}
		m, ok := board.ParseMove(c)
		if !ok {
			return nil, fmt.Errorf("column %d: unexpected %s; want a move, %s", i+1, quote(text, i), n.want())
		}
		if n == Tile {
			m = m.Reverse() // the tile goes the other way
		}
		col := i + 1
		i++
		count, over := 1, false
		if i < len(text) && text[i] >= '0' && text[i] <= '9' {
			count = 0
			for ; i < len(text) && text[i] >= '0' && text[i] <= '9'; i++ {
				d := int(text[i] - '0')
				if over || count > (limit-d)/10 {
					over = true // past the limit: counted no further, no overflow
					continue
				}
				count = count*10 + d
			}
			if count == 0 && !over {
				return nil, fmt.Errorf("column %d: a count of 0; want 1 or more", col+1)
			}
		}
		if over || len(path)+count > limit {
			return nil, fmt.Errorf("column %d: %w: more than %d moves", col, ErrLong, limit)
		}
		for range count {
			path = append(path, m)
		}
	}
	return path, nil
}

// want says what a move is in n, for errors.
func (n Notation) want() string {
	if n == Tile {
		return "where the tile goes (U D L R), with an optional count: R3 D2 L"
	}
	return "where the blank goes (d l r u), with an optional count: ddrru or d2 r2 u"
}

// quote names the character at text[i] for an error.
func quote(text string, i int) string {
	r := []rune(text[i:min(len(text), i+4)])
	if len(r) == 0 {
		return "end"
	}
	return strconv.QuoteRune(r[0])
}
