package main

import (
	"bytes"
	"io"
	"os"
	"strconv"

	"github.com/slidingpuzzle/solver/board"
	"github.com/slidingpuzzle/solver/notation"
	"golang.org/x/term"
)

// maxPicture is the most cells of a board -show draws: a 20 x 20 board,
// whose path of some 3,000 moves is a few megabytes of pictures.
const maxPicture = 400

// picture draws the way from start to goal along path as the problem
// statements do: each board as a grid, the move between them, as many
// boards a row as fit in width columns.
//
//	2  3  4       2  3  4       2  3  4
//	1  5  x  d->  1  5  8  l->  1  5  8
//	7  6  8       7  6  x       7  x  6
func picture(w io.Writer, start board.Board, path []byte, width int, nt notation.Notation) error {
	s := start.Shape()
	cellW := 3
	if s.Cells() > 10 {
		cellW = 4
	}
	if s.Cells() > 100 {
		cellW = len(strconv.Itoa(s.Cells())) + 1
	}
	boardW := s.Cols * cellW
	const arrowW = len("  d->")
	// Every board has the column of its arrow before it, blank for the
	// first, so every row holds as many. The boards of a row are made as
	// it is drawn, the moves replayed: memory for one row.
	perRow := max(1, width/(boardW+arrowW))
	boards := make([]board.Board, 0, perRow)
	b := board.NewMover(start)
	var line []byte
	for first := 0; first <= len(path); first += perRow {
		boards = boards[:0]
		for k := first; k < min(first+perRow, len(path)+1); k++ {
			if k > 0 {
				m, _ := board.ParseMove(path[k-1])
				b.Move(m)
			}
			boards = append(boards, b.Board())
		}
		line = line[:0]
		if first > 0 {
			line = append(line, '\n')
		}
		for r := 0; r < s.Rows; r++ {
			from := len(line)
			for i := range boards {
				if k := first + i; r == s.Rows/2 && k > 0 {
					line = append(line, "  "...)
					line = append(nt.Append(line, path[k-1:k]), '-', '>')
				} else {
					line = append(line, "     "...)
				}
				for c := 0; c < s.Cols; c++ {
					cell := "x"
					if v := boards[i].Cell(r*s.Cols + c); v != 0 {
						cell = strconv.Itoa(v)
					}
					for range cellW - len(cell) {
						line = append(line, ' ')
					}
					line = append(line, cell...)
				}
			}
			line = append(line[:from], bytes.TrimRight(line[from:], " ")...)
			line = append(line, '\n')
		}
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

// terminalWidth returns the width to draw in: the terminal's, when w is
// one; else $COLUMNS, when set; else 80.
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return cols
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 80
}
