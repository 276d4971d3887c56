package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"testing"
)

// fixtureOpus is a real Opus-in-Ogg recording (48 s, one page a second,
// made by an encoder this package does not share code with).
func fixtureOpus(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile("../../fixtures/recordings/26-voice-note-release-todos.opus")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

type parsedPage struct {
	flags    byte
	granule  int64
	seq      uint32
	crc      uint32
	crcOK    bool
	lacing   []byte
	body     []byte
	raw      []byte
	complete int
}

// parsePages reads every page of an Ogg stream, independently of the cutter.
func parsePages(t testing.TB, b []byte) []parsedPage {
	t.Helper()
	var out []parsedPage
	for len(b) > 0 {
		if len(b) < oggHeaderLen || string(b[:4]) != "OggS" {
			t.Fatalf("page %d does not start with OggS", len(out))
		}
		ns := int(b[26])
		lacing := b[27 : 27+ns]
		size := 0
		done := 0
		for _, l := range lacing {
			size += int(l)
			if l < 255 {
				done++
			}
		}
		raw := b[:27+ns+size]
		p := parsedPage{flags: b[5], granule: int64(binary.LittleEndian.Uint64(b[6:14])),
			seq: binary.LittleEndian.Uint32(b[18:22]), crc: binary.LittleEndian.Uint32(b[22:26]),
			lacing: lacing, body: raw[27+ns:], raw: raw, complete: done}
		zeroed := append([]byte{}, raw...)
		copy(zeroed[22:26], []byte{0, 0, 0, 0})
		p.crcOK = oggCRC(zeroed) == p.crc
		out = append(out, p)
		b = b[len(raw):]
	}
	return out
}

func TestOggCRC_MatchesTheEncoders(t *testing.T) {
	pages := parsePages(t, fixtureOpus(t))
	for i, p := range pages {
		if !p.crcOK {
			t.Fatalf("page %d: our CRC differs from the encoder's %08x", i, p.crc)
		}
	}
}

// A clip of an Opus recording is its two header pages, then the pages that
// hold the range, numbered from 0 with valid CRCs, granules counted from the
// clip's start, the last one marked as the stream's end.
func TestCutOgg_KeepsTheHeadersAndThePagesOfTheRange(t *testing.T) {
	src := fixtureOpus(t)
	orig := parsePages(t, src)
	c, err := Cut(bytes.NewReader(src), "audio/ogg", 10.2, 12.5)
	if err != nil {
		t.Fatal(err)
	}
	if c.ContentType != "audio/ogg" || c.From > 10.2 || c.From < 9 || c.To < 12.5 || c.To > 14 {
		t.Fatalf("clip %s from %.3f to %.3f, want about 10.2 to 12.5", c.ContentType, c.From, c.To)
	}
	got := parsePages(t, c.Data)
	if len(got) < 4 || len(got) > 6 {
		t.Fatalf("%d pages, want the 2 headers and 2 to 4 of audio", len(got))
	}
	for i, p := range got {
		if !p.crcOK || p.seq != uint32(i) {
			t.Fatalf("page %d: crc ok %v, sequence %d", i, p.crcOK, p.seq)
		}
	}
	for i := range 2 {
		if !bytes.Equal(got[i].raw, orig[i].raw) {
			t.Fatalf("header page %d changed", i)
		}
	}
	// The audio pages carry the original bodies of the pages around 10.2 to 12.5 s.
	firstKept := -1
	for i := 2; i < len(orig); i++ {
		if bytes.Equal(orig[i].body, got[2].body) {
			firstKept = i
		}
	}
	if firstKept < 0 {
		t.Fatal("the first audio page is none of the recording's")
	}
	base := orig[firstKept-1].granule
	for i, p := range got[2:] {
		o := orig[firstKept+i]
		if !bytes.Equal(p.body, o.body) || p.granule != o.granule-base {
			t.Fatalf("audio page %d: granule %d, want %d (or body changed)", i, p.granule, o.granule-base)
		}
	}
	if last := got[len(got)-1]; last.flags&oggLast == 0 {
		t.Fatal("the last page is not marked as the end of the stream")
	}
	if got[2].flags&(oggContinued|oggFirst) != 0 {
		t.Fatalf("first audio page flags %x", got[2].flags)
	}
}

func TestCutOgg_PastTheEndAndOtherCodecsAreUnavailable(t *testing.T) {
	src := fixtureOpus(t)
	if _, err := Cut(bytes.NewReader(src), "audio/ogg", 100, 101); !errors.Is(err, ErrClipUnavailable) {
		t.Fatalf("past the end: %v", err)
	}
	flac := oggStream(t, []byte("\x7fFLAC\x01\x00\x00\x01fLaC"), 1, [][]byte{{1, 2, 3}})
	if _, err := Cut(bytes.NewReader(flac), "audio/ogg", 0, 1); !errors.Is(err, ErrClipUnavailable) {
		t.Fatalf("FLAC in Ogg: %v", err)
	}
	muxed := &oggWriter{}
	muxed.buf.Write(oggStream(t, opusHead(), 1, nil))
	muxed.write(oggPage{serial: 2, granule: opusRate, lacing: []byte{3}, body: []byte("vid")})
	if _, err := Cut(bytes.NewReader(muxed.buf.Bytes()), "audio/ogg", 0, 1); !errors.Is(err, ErrClipUnavailable) {
		t.Fatalf("a second stream: %v", err)
	}
	if _, err := Cut(bytes.NewReader([]byte("OggS not really")), "audio/ogg", 0, 1); !errors.Is(err, ErrClipUnavailable) {
		t.Fatalf("a broken page: %v", err)
	}
}

// opusHead is an OpusHead header with pre-skip 0.
func opusHead() []byte {
	h := make([]byte, 19)
	copy(h, "OpusHead")
	h[8], h[9] = 1, 1
	binary.LittleEndian.PutUint32(h[12:16], opusRate)
	return h
}

// oggStream writes a stream with this first header packet, one tags page,
// then one page per audio body, each ending one packet at a second apiece.
func oggStream(t testing.TB, head []byte, serial uint32, audio [][]byte) []byte {
	t.Helper()
	w := &oggWriter{}
	w.write(oggPage{flags: oggFirst, serial: serial, lacing: lacingOf(len(head), true), body: head})
	tags := []byte("OpusTags\x00\x00\x00\x00\x00\x00\x00\x00")
	w.write(oggPage{serial: serial, lacing: lacingOf(len(tags), true), body: tags})
	for i, a := range audio {
		w.write(oggPage{serial: serial, granule: int64(i+1) * opusRate, lacing: lacingOf(len(a), true), body: a})
	}
	return w.buf.Bytes()
}

// lacingOf is the lacing of one packet of n bytes (ended: it ends on the page).
func lacingOf(n int, ended bool) []byte {
	var l []byte
	for ; n >= 255; n -= 255 {
		l = append(l, 255)
	}
	if ended {
		l = append(l, byte(n))
	}
	return l
}

// A packet begun on a page before the clip, or ending on a page after it,
// is dropped rather than handed to the decoder in pieces.
func TestCutOgg_DropsPacketsCutInTwo(t *testing.T) {
	w := &oggWriter{}
	head := opusHead()
	w.write(oggPage{flags: oggFirst, serial: 7, lacing: lacingOf(len(head), true), body: head})
	tags := []byte("OpusTags\x00\x00\x00\x00\x00\x00\x00\x00")
	w.write(oggPage{serial: 7, lacing: lacingOf(len(tags), true), body: tags})
	// Page 2 ends packet A and starts B (300 bytes, 45 on page 2); page 3 ends B and C; page 4 ends D, starts E.
	w.write(oggPage{serial: 7, granule: opusRate, lacing: []byte{10, 255}, body: bytes.Repeat([]byte{'A'}, 10+255)})
	w.write(oggPage{serial: 7, granule: 2 * opusRate, flags: oggContinued, lacing: []byte{45, 20},
		body: append(bytes.Repeat([]byte{'B'}, 45), bytes.Repeat([]byte{'C'}, 20)...)})
	w.write(oggPage{serial: 7, granule: 3 * opusRate, lacing: []byte{30, 255},
		body: append(bytes.Repeat([]byte{'D'}, 30), bytes.Repeat([]byte{'E'}, 255)...)})
	w.write(oggPage{serial: 7, granule: 4 * opusRate, flags: oggContinued, lacing: []byte{5}, body: []byte("EEEEE")})

	c, err := Cut(bytes.NewReader(w.buf.Bytes()), "audio/ogg", 1.5, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	got := parsePages(t, c.Data)
	if len(got) != 4 {
		t.Fatalf("%d pages, want headers and pages 3 and 4", len(got))
	}
	if string(got[2].body) != string(bytes.Repeat([]byte{'C'}, 20)) || got[2].flags&oggContinued != 0 {
		t.Fatalf("first audio page %q flags %x, want only C", got[2].body, got[2].flags)
	}
	if string(got[3].body) != string(bytes.Repeat([]byte{'D'}, 30)) || got[3].flags&oggLast == 0 {
		t.Fatalf("last audio page %q flags %x, want only D, ending the stream", got[3].body, got[3].flags)
	}
	if c.From != 1 || c.To != 3 || got[2].granule != opusRate || got[3].granule != 2*opusRate {
		t.Fatalf("from %v to %v, granules %d %d", c.From, c.To, got[2].granule, got[3].granule)
	}
}

func TestCutOgg_TooLongIsRefused(t *testing.T) {
	page := make([]byte, 255*200)
	audio := make([][]byte, MaxClipBytes/len(page)+2)
	for i := range audio {
		audio[i] = page
	}
	src := oggStream(t, opusHead(), 1, audio)
	if _, err := Cut(bytes.NewReader(src), "audio/ogg", 0, float64(len(audio))); !errors.Is(err, ErrClipTooLong) {
		t.Fatalf("err %v, want ErrClipTooLong", err)
	}
	if c, err := Cut(bytes.NewReader(src), "audio/ogg", 0, 3); err != nil || len(c.Data) > 5*len(page) {
		t.Fatalf("a short range of it: %d bytes (%v)", len(c.Data), err)
	}
}

// wavFile is 16-bit mono PCM at rate whose i-th sample is i, with a LIST
// chunk of odd length before the samples.
func wavFile(rate, samples int) []byte {
	var b bytes.Buffer
	le32 := func(v int) { _ = binary.Write(&b, binary.LittleEndian, uint32(v)) }
	le16 := func(v int) { _ = binary.Write(&b, binary.LittleEndian, uint16(v)) }
	b.WriteString("RIFF")
	le32(4 + 24 + 8 + 4 + 8 + samples*2)
	b.WriteString("WAVEfmt ")
	le32(16)
	le16(wavPCM)
	le16(1)
	le32(rate)
	le32(rate * 2)
	le16(2)
	le16(16)
	b.WriteString("LIST")
	le32(3)
	b.WriteString("abc\x00")
	b.WriteString("data")
	le32(samples * 2)
	for i := range samples {
		le16(i)
	}
	return b.Bytes()
}

// A WAV clip holds exactly the samples of the range behind a header
// whose sizes are the clip's.
func TestCutWAV_IsSampleExactWithItsOwnHeader(t *testing.T) {
	c, err := Cut(bytes.NewReader(wavFile(8000, 24000)), "audio/wav", 1.0, 1.5)
	if err != nil {
		t.Fatal(err)
	}
	d := c.Data
	if string(d[:4]) != "RIFF" || string(d[8:16]) != "WAVEfmt " || string(d[36:40]) != "data" {
		t.Fatalf("header %q", d[:44])
	}
	n := int(binary.LittleEndian.Uint32(d[40:44]))
	if n != 4000*2 || int(binary.LittleEndian.Uint32(d[4:8])) != len(d)-8 || len(d) != 44+n {
		t.Fatalf("data %d bytes, riff %d, file %d", n, binary.LittleEndian.Uint32(d[4:8]), len(d))
	}
	if first, last := binary.LittleEndian.Uint16(d[44:]), binary.LittleEndian.Uint16(d[len(d)-2:]); first != 8000 || last != 11999 {
		t.Fatalf("samples %d to %d, want 8000 to 11999", first, last)
	}
	if c.From != 1 || c.To != 1.5 || c.ContentType != "audio/wav" {
		t.Fatalf("%+v", c)
	}
	// A range that runs past the end ends with the audio; one past it is unavailable.
	if c, err := Cut(bytes.NewReader(wavFile(8000, 24000)), "audio/wav", 2.5, 9); err != nil || c.To != 3 {
		t.Fatalf("to the end: %v %v", c.To, err)
	}
	if _, err := Cut(bytes.NewReader(wavFile(8000, 24000)), "audio/wav", 3, 4); !errors.Is(err, ErrClipUnavailable) {
		t.Fatalf("past the end: %v", err)
	}
}

func TestCut_FormatsThatCannotBeCutAreUnavailable(t *testing.T) {
	mp3WAV := wavFile(8000, 100)
	binary.LittleEndian.PutUint16(mp3WAV[20:22], 0x55) // MPEG layer 3 inside RIFF
	for name, tc := range map[string]struct {
		typ  string
		body []byte
	}{
		"MP3":           {"audio/mpeg", []byte("ID3\x03\x00\x00\x00\x00\x00\x00")},
		"M4A":           {"audio/mp4", []byte("\x00\x00\x00\x18ftypM4A ")},
		"MP3 in a WAV":  {"audio/wav", mp3WAV},
		"a WAV without": {"audio/wav", []byte("RIFF\x00\x00\x00\x00WAVE")},
	} {
		if _, err := Cut(bytes.NewReader(tc.body), tc.typ, 0, 1); !errors.Is(err, ErrClipUnavailable) {
			t.Errorf("%s: %v, want ErrClipUnavailable", name, err)
		}
	}
}

// huge reads as head followed by zeros up to size, without holding them.
type huge struct {
	head      []byte
	size, off int64
}

func (h *huge) Read(p []byte) (int, error) {
	if h.off >= h.size {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), h.size-h.off))
	for i := range n {
		p[i] = 0
		if at := h.off + int64(i); at < int64(len(h.head)) {
			p[i] = h.head[at]
		}
	}
	h.off += int64(n)
	return n, nil
}

func (h *huge) Seek(off int64, whence int) (int64, error) {
	switch whence {
	case io.SeekCurrent:
		off += h.off
	case io.SeekEnd:
		off += h.size
	}
	h.off = off
	return off, nil
}

func TestCutWAV_TooLongIsRefusedBeforeItIsRead(t *testing.T) {
	head := wavFile(48000, 0) // data size 0: the samples run to the end of the file
	r := &huge{head: head, size: int64(len(head)) + 100<<20}
	if _, err := Cut(r, "audio/wav", 0, 600); !errors.Is(err, ErrClipTooLong) {
		t.Fatalf("err %v, want ErrClipTooLong", err)
	}
	if c, err := Cut(r, "audio/wav", 0, 1); err != nil || len(c.Data) != 44+96000 {
		t.Fatalf("one second of it: %d bytes (%v)", len(c.Data), err)
	}
}

// FuzzCut: whatever the bytes, cutting answers an error or a clip within
// the bound, and an Ogg clip is whole pages with valid CRCs.
func FuzzCut(f *testing.F) {
	f.Add(fixtureOpus(f)[:4000], "audio/ogg", 0.5, 2.0)
	f.Add(wavFile(8000, 800), "audio/wav", 0.01, 0.05)
	f.Fuzz(func(t *testing.T, b []byte, typ string, start, end float64) {
		c, err := Cut(bytes.NewReader(b), typ, start, end)
		if err != nil {
			return
		}
		if len(c.Data) > MaxClipBytes+64<<10 {
			t.Fatalf("%d bytes", len(c.Data))
		}
		if c.ContentType == "audio/ogg" {
			for i, p := range parsePages(t, c.Data) {
				if !p.crcOK {
					t.Fatalf("page %d CRC", i)
				}
			}
		}
	})
}

// A Vorbis stream keeps its three header packets (the comment and setup
// headers may share a page) and counts time at its own sample rate.
func TestCutOgg_VorbisKeepsItsThreeHeadersAndItsRate(t *testing.T) {
	ident := make([]byte, 30)
	copy(ident, "\x01vorbis")
	ident[11] = 1                                     // one channel
	binary.LittleEndian.PutUint32(ident[12:16], 8000) // 8 kHz
	w := &oggWriter{}
	w.write(oggPage{flags: oggFirst, serial: 3, lacing: lacingOf(len(ident), true), body: ident})
	comment, setup := []byte("\x03vorbis-comment"), []byte("\x05vorbis-setup")
	w.write(oggPage{serial: 3, lacing: append(lacingOf(len(comment), true), lacingOf(len(setup), true)...), body: append(append([]byte{}, comment...), setup...)})
	for i := range 5 {
		w.write(oggPage{serial: 3, granule: int64(i+1) * 8000, lacing: []byte{4}, body: []byte{'a' + byte(i), 0, 0, 0}})
	}
	c, err := Cut(bytes.NewReader(w.buf.Bytes()), "audio/ogg", 1.5, 2.5)
	if err != nil {
		t.Fatal(err)
	}
	got := parsePages(t, c.Data)
	if len(got) != 4 || got[2].body[0] != 'b' || got[3].body[0] != 'c' || got[2].granule != 8000 || got[3].granule != 16000 {
		t.Fatalf("%d pages; audio %q %q granules %d %d", len(got), got[2].body, got[3].body, got[2].granule, got[3].granule)
	}
	if c.From != 1 || c.To != 3 {
		t.Fatalf("from %v to %v, want 1 to 3", c.From, c.To)
	}
}
