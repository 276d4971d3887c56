package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math"
)

// An Ogg page (RFC 3533 §6): a 27-byte header, a table of lacing values,
// then the body. The workplace's module list has no maintained Ogg muxer,
// so this is the least walker a clip needs: read pages, keep some,
// renumber them and compute their CRC again.
const (
	oggHeaderLen  = 27
	oggContinued  = 0x01
	oggFirst      = 0x02
	oggLast       = 0x04
	noGranule     = -1 // a page on which no packet ends
	opusRate      = 48000
	maxOggHeaders = 64 // pages the codec's header packets may take
)

type oggPage struct {
	flags   byte
	granule int64
	serial  uint32
	lacing  []byte
	body    []byte
}

// readOggHeader reads a page's header and lacing table; the body is left
// for the caller to read or skip.
func readOggHeader(r io.Reader) (oggPage, int64, error) {
	var h [oggHeaderLen]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		if errors.Is(err, io.EOF) {
			return oggPage{}, 0, io.EOF
		}
		return oggPage{}, 0, ErrClipUnavailable
	}
	if string(h[:4]) != "OggS" || h[4] != 0 {
		return oggPage{}, 0, ErrClipUnavailable
	}
	p := oggPage{flags: h[5], granule: int64(binary.LittleEndian.Uint64(h[6:14])), serial: binary.LittleEndian.Uint32(h[14:18])} //nolint:gosec // G115: a granule of all ones is -1, as Ogg means it
	p.lacing = make([]byte, h[26])
	if _, err := io.ReadFull(r, p.lacing); err != nil {
		return oggPage{}, 0, ErrClipUnavailable
	}
	size := int64(0)
	for _, l := range p.lacing {
		size += int64(l)
	}
	return p, size, nil
}

func readOggPage(r io.Reader) (oggPage, error) {
	p, size, err := readOggHeader(r)
	if err != nil {
		return p, err
	}
	p.body = make([]byte, size)
	if _, err := io.ReadFull(r, p.body); err != nil {
		return p, ErrClipUnavailable
	}
	return p, nil
}

// packetsEnded is how many packets end on the page.
func (p oggPage) packetsEnded() int {
	n := 0
	for _, l := range p.lacing {
		if l < 255 {
			n++
		}
	}
	return n
}

// dropLeadingFragment removes the end of a packet that began on an earlier
// page (not kept): a decoder would read it as a packet of its own.
func (p *oggPage) dropLeadingFragment() {
	if p.flags&oggContinued == 0 {
		return
	}
	n, size := 0, 0
	for n < len(p.lacing) {
		size += int(p.lacing[n])
		n++
		if p.lacing[n-1] < 255 {
			break
		}
	}
	p.lacing, p.body = p.lacing[n:], p.body[size:]
	p.flags &^= oggContinued
}

// dropTrailingFragment removes the start of a packet that ends on a later
// page (not kept).
func (p *oggPage) dropTrailingFragment() {
	n := len(p.lacing)
	for n > 0 && p.lacing[n-1] == 255 {
		n--
	}
	size := 0
	for _, l := range p.lacing[:n] {
		size += int(l)
	}
	p.lacing, p.body = p.lacing[:n], p.body[:size]
}

// oggCodec is what the clip needs of the stream's first header.
type oggCodec struct {
	headers int   // header packets before the audio
	rate    int64 // granule positions per second
	preSkip int64 // granule positions before the first sample
}

func codecOf(first []byte) (oggCodec, bool) {
	switch {
	case len(first) >= 19 && string(first[:8]) == "OpusHead":
		return oggCodec{headers: 2, rate: opusRate, preSkip: int64(binary.LittleEndian.Uint16(first[10:12]))}, true
	case len(first) >= 30 && string(first[:7]) == "\x01vorbis":
		rate := int64(binary.LittleEndian.Uint32(first[12:16]))
		return oggCodec{headers: 3, rate: rate}, rate > 0
	}
	return oggCodec{}, false
}

// cutOgg keeps the header pages, then the audio pages from the first whose
// last packet ends after start to the first whose last packet ends at or
// after end. Pages before the range are skipped unread.
func cutOgg(r io.ReadSeeker, start, end float64) (Clip, error) {
	w := &oggWriter{}
	codec, serial, err := copyOggHeaders(r, w)
	if err != nil {
		return Clip{}, err
	}
	from := int64(math.Floor(start*float64(codec.rate))) + codec.preSkip
	to := int64(math.Ceil(end*float64(codec.rate))) + codec.preSkip
	prev, base, started := int64(0), int64(0), false
	var kept []oggPage
	for {
		p, size, err := readOggHeader(r)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return Clip{}, err
		}
		if p.serial != serial {
			return Clip{}, ErrClipUnavailable // a multiplexed or chained stream
		}
		if !started && (p.granule == noGranule || p.granule <= from) {
			if _, err := r.Seek(size, io.SeekCurrent); err != nil {
				return Clip{}, err
			}
			if p.granule != noGranule {
				prev = p.granule
			}
			continue
		}
		if !started {
			started, base = true, prev
		}
		if w.size+size > MaxClipBytes {
			return Clip{}, ErrClipTooLong
		}
		p.body = make([]byte, size)
		if _, err := io.ReadFull(r, p.body); err != nil {
			return Clip{}, ErrClipUnavailable
		}
		w.size += size + oggHeaderLen + int64(len(p.lacing))
		kept = append(kept, p)
		if p.granule != noGranule && p.granule >= to {
			break
		}
	}
	kept = trimFragments(kept)
	if len(kept) == 0 {
		return Clip{}, ErrClipUnavailable // the range is past the audio's end
	}
	last := prev
	for i, p := range kept {
		if p.granule != noGranule {
			last = p.granule
			p.granule -= base
		}
		if i == len(kept)-1 {
			p.flags |= oggLast
		}
		w.write(p)
	}
	seconds := func(g int64) float64 { return max(0, float64(g-codec.preSkip)/float64(codec.rate)) }
	return Clip{Data: w.buf.Bytes(), ContentType: "audio/ogg", From: seconds(base), To: seconds(last)}, nil
}

// trimFragments drops the packet pieces at either end whose other part was
// not kept, and pages left empty by that.
func trimFragments(kept []oggPage) []oggPage {
	for len(kept) > 0 {
		kept[0].dropLeadingFragment()
		if len(kept[0].lacing) > 0 {
			break
		}
		kept = kept[1:]
		if len(kept) > 0 {
			kept[0].flags |= oggContinued // what followed the dropped page continues it
		}
	}
	for len(kept) > 0 {
		kept[len(kept)-1].dropTrailingFragment()
		if len(kept[len(kept)-1].lacing) > 0 {
			break
		}
		kept = kept[:len(kept)-1]
	}
	return kept
}

// copyOggHeaders copies the pages of the codec's header packets, which end
// on a page of their own (RFC 7845 §3, Vorbis I §A.2).
func copyOggHeaders(r io.Reader, w *oggWriter) (oggCodec, uint32, error) {
	first, err := readOggPage(r)
	if err != nil || first.flags&oggFirst == 0 {
		return oggCodec{}, 0, ErrClipUnavailable
	}
	codec, ok := codecOf(first.body)
	if !ok {
		return oggCodec{}, 0, ErrClipUnavailable
	}
	w.write(first)
	packets := first.packetsEnded()
	for pages := 1; packets < codec.headers; pages++ {
		p, err := readOggPage(r)
		if err != nil || pages > maxOggHeaders || p.serial != first.serial {
			return oggCodec{}, 0, ErrClipUnavailable
		}
		packets += p.packetsEnded()
		w.write(p)
	}
	if packets != codec.headers {
		return oggCodec{}, 0, ErrClipUnavailable
	}
	return codec, first.serial, nil
}

// oggWriter writes pages numbered from 0, each with its CRC.
type oggWriter struct {
	buf  bytes.Buffer
	seq  uint32
	size int64 // audio bytes kept so far, against MaxClipBytes
}

func (w *oggWriter) write(p oggPage) {
	h := make([]byte, oggHeaderLen, oggHeaderLen+len(p.lacing)+len(p.body))
	copy(h, "OggS")
	h[5] = p.flags
	binary.LittleEndian.PutUint64(h[6:14], uint64(p.granule)) //nolint:gosec // G115: -1 is written as all ones, as Ogg means it
	binary.LittleEndian.PutUint32(h[14:18], p.serial)
	binary.LittleEndian.PutUint32(h[18:22], w.seq)
	h[26] = byte(len(p.lacing)) //nolint:gosec // G115: a page has at most 255 lacing values (read as one byte, or cut from such)
	page := append(append(h, p.lacing...), p.body...)
	binary.LittleEndian.PutUint32(page[22:26], oggCRC(page))
	w.buf.Write(page)
	w.seq++
}

// oggCRCTable is CRC-32 with polynomial 0x04c11db7, not reflected, as Ogg
// uses it (hash/crc32 only has the reflected form).
var oggCRCTable = func() (t [256]uint32) {
	for i := range t {
		c := uint32(i) << 24
		for range 8 {
			if c&0x80000000 != 0 {
				c = c<<1 ^ 0x04c11db7
			} else {
				c <<= 1
			}
		}
		t[i] = c
	}
	return t
}()

// oggCRC is the checksum of a page whose CRC field is zero.
func oggCRC(page []byte) uint32 {
	var c uint32
	for _, b := range page {
		c = c<<8 ^ oggCRCTable[byte(c>>24)^b]
	}
	return c
}
