package audio

import (
	"bytes"
	"encoding/binary"
	"io"
	"math"
)

// WAV format tags whose samples are fixed-size frames that can be cut
// anywhere on a frame boundary.
const (
	wavPCM        = 1
	wavFloat      = 3
	wavExtensible = 0xFFFE
	maxWAVChunks  = 64   // chunks before "data" (LIST, fact, …)
	maxFmtLen     = 1024 // a fmt chunk is 16 to 40 bytes
)

type wavFormat struct {
	raw        []byte // the fmt chunk as stored, copied into the clip
	rate       int64
	blockAlign int64
}

// cutWAV keeps the frames of [start, end] behind a header naming only
// them: the fmt chunk as it was, then the data chunk.
func cutWAV(r io.ReadSeeker, start, end float64) (Clip, error) {
	var riff [12]byte
	if _, err := io.ReadFull(r, riff[:]); err != nil || string(riff[:4]) != "RIFF" || string(riff[8:]) != "WAVE" {
		return Clip{}, ErrClipUnavailable
	}
	f, dataAt, dataLen, err := findWAVData(r)
	if err != nil {
		return Clip{}, err
	}
	frames := dataLen / f.blockAlign
	first := int64(math.Floor(start * float64(f.rate)))
	last := min(int64(math.Ceil(end*float64(f.rate))), frames)
	if first >= last {
		return Clip{}, ErrClipUnavailable // the range is past the audio's end
	}
	n := (last - first) * f.blockAlign
	if n > MaxClipBytes {
		return Clip{}, ErrClipTooLong
	}
	if _, err := r.Seek(dataAt+first*f.blockAlign, io.SeekStart); err != nil {
		return Clip{}, err
	}
	out := wavHeader(f.raw, n)
	at := len(out)
	out = append(out, make([]byte, n+n%2)...)
	if _, err := io.ReadFull(r, out[at:at+int(n)]); err != nil {
		return Clip{}, ErrClipUnavailable
	}
	return Clip{Data: out, ContentType: "audio/wav",
		From: float64(first) / float64(f.rate), To: float64(last) / float64(f.rate)}, nil
}

// findWAVData reads chunks up to "data", answering the format, where the
// samples start and how many bytes of them there are.
func findWAVData(r io.ReadSeeker) (wavFormat, int64, int64, error) {
	var f wavFormat
	for range maxWAVChunks {
		var h [8]byte
		if _, err := io.ReadFull(r, h[:]); err != nil {
			return f, 0, 0, ErrClipUnavailable
		}
		size := int64(binary.LittleEndian.Uint32(h[4:]))
		switch string(h[:4]) {
		case "fmt ":
			var err error
			if f, err = readWAVFormat(r, size); err != nil {
				return f, 0, 0, err
			}
		case "data":
			if f.blockAlign == 0 {
				return f, 0, 0, ErrClipUnavailable // no fmt before the samples
			}
			at, err := r.Seek(0, io.SeekCurrent)
			if err != nil {
				return f, 0, 0, err
			}
			fileEnd, err := r.Seek(0, io.SeekEnd)
			if err != nil {
				return f, 0, 0, err
			}
			// A streaming writer leaves the size 0 or all ones: the samples run to the end.
			if size == 0 || size == math.MaxUint32 || at+size > fileEnd {
				size = fileEnd - at
			}
			return f, at, size, nil
		default:
			if _, err := r.Seek(size+size%2, io.SeekCurrent); err != nil {
				return f, 0, 0, err
			}
		}
	}
	return f, 0, 0, ErrClipUnavailable
}

func readWAVFormat(r io.Reader, size int64) (wavFormat, error) {
	if size < 16 || size > maxFmtLen {
		return wavFormat{}, ErrClipUnavailable
	}
	raw := make([]byte, size+size%2)
	if _, err := io.ReadFull(r, raw); err != nil {
		return wavFormat{}, ErrClipUnavailable
	}
	raw = raw[:size]
	tag := binary.LittleEndian.Uint16(raw[0:2])
	if tag == wavExtensible && size >= 26 {
		tag = binary.LittleEndian.Uint16(raw[24:26]) // the sub-format GUID starts with the tag
	}
	f := wavFormat{raw: raw, rate: int64(binary.LittleEndian.Uint32(raw[4:8])), blockAlign: int64(binary.LittleEndian.Uint16(raw[12:14]))}
	if (tag != wavPCM && tag != wavFloat) || f.rate == 0 || f.blockAlign == 0 {
		return wavFormat{}, ErrClipUnavailable
	}
	return f, nil
}

// wavHeader is RIFF/WAVE, the fmt chunk and the data chunk's header for
// n bytes of samples.
func wavHeader(fmtChunk []byte, n int64) []byte {
	var b bytes.Buffer
	fmtLen := int64(len(fmtChunk))
	le := func(v int64) { _ = binary.Write(&b, binary.LittleEndian, uint32(v)) } //nolint:gosec // G115: sizes are below MaxClipBytes
	b.WriteString("RIFF")
	le(4 + 8 + fmtLen + fmtLen%2 + 8 + n + n%2)
	b.WriteString("WAVEfmt ")
	le(fmtLen)
	b.Write(fmtChunk)
	if fmtLen%2 == 1 {
		b.WriteByte(0)
	}
	b.WriteString("data")
	le(n)
	return b.Bytes()
}
