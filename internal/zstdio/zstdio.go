// Package zstdio holds the zstd encoder and decoder that the table and
// database files share: made once, safe for several goroutines at once.
package zstdio

import (
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Encoder returns the shared encoder at the best compression, for
// EncodeAll; its frames have no checksum, since the files have their own.
// It is a function that makes the encoder on its first call, not a
// variable made at init: a program that never calls it (solve) links no
// encoder.
func Encoder() (*zstd.Encoder, error) {
	encOnce.Do(func() {
		enc, encErr = zstd.NewWriter(nil,
			zstd.WithEncoderLevel(zstd.SpeedBestCompression),
			zstd.WithEncoderConcurrency(1),
			zstd.WithEncoderCRC(false), // the files have a checksum of their own
			zstd.WithZeroFrames(true),
		)
	})
	return enc, encErr
}

var (
	encOnce sync.Once
	enc     *zstd.Encoder
	encErr  error
)

// Decoder returns the shared decoder, for DecodeAll. DecodeAll stops at
// the capacity of its dst, which callers make the raw length their file's
// header announces: a frame that would expand further is refused as soon
// as it passes it.
var Decoder = sync.OnceValues(func() (*zstd.Decoder, error) {
	return zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(1<<30), zstd.WithDecodeAllCapLimit(true))
})
