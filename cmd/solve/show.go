package main

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/slidingpuzzle/solver/board"
	"golang.org/x/term"
)

// picture draws the way from start to goal along path as the problem
// statements do: each board as a grid, the move between them, as many
// boards a row as fit in width columns.
//
//	2  3  4       2  3  4       2  3  4
//	1  5  x  d->  1  5  8  l->  1  5  8
//	7  6  8       7  6  x       7  x  6
func picture(w io.Writer, start board.Board, path []byte, width int) error {
	s := start.Shape()
	cellW := 3
	if s.Cells() > 10 {
		cellW = 4
	}
	boardW := s.Cols * cellW
	const arrowW = len("  d->")
	var boards []board.Board
	b := start
	boards = append(boards, b)
	for _, c := range path {
		m, _ := board.ParseMove(c)
		b.Move(m)
		boards = append(boards, b)
	}
	// Every board has the column of its arrow before it, blank for the
	// first, so every row holds as many.
	perRow := max(1, width/(boardW+arrowW))
	var sb strings.Builder
	for first := 0; first < len(boards); first += perRow {
		last := min(first+perRow, len(boards))
		if first > 0 {
			sb.WriteByte('\n')
		}
		for r := 0; r < s.Rows; r++ {
			var line strings.Builder
			for k := first; k < last; k++ {
				if r == s.Rows/2 && k > 0 {
					fmt.Fprintf(&line, "  %c->", path[k-1])
				} else {
					line.WriteString(strings.Repeat(" ", arrowW))
				}
				for c := 0; c < s.Cols; c++ {
					v := boards[k].Cell(r*s.Cols + c)
					cell := "x"
					if v != 0 {
						cell = strconv.Itoa(int(v))
					}
					fmt.Fprintf(&line, "%*s", cellW, cell)
				}
			}
			sb.WriteString(strings.TrimRight(line.String(), " "))
			sb.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, sb.String())
	return err
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
