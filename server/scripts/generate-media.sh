#!/usr/bin/env bash
# Generates the small demo media committed under server/media/ (needs ffmpeg and zip; run once).
# Everything is tiny on purpose: the whole folder stays well under 3 MB.
set -euo pipefail
cd "$(dirname "$0")/../media"
rm -rf images video audio docs avatars
mkdir -p images video/hls-demo audio docs avatars

# Images: test patterns at 320x240, with 96x72 thumbnails.
i=0
for source in testsrc2 smptebars rgbtestsrc mandelbrot; do
  i=$((i + 1))
  ffmpeg -loglevel error -y -f lavfi -i "${source}=size=320x240" -frames:v 1 -q:v 6 "images/photo-${i}.jpg"
  ffmpeg -loglevel error -y -i "images/photo-${i}.jpg" -vf scale=96:72 -q:v 8 "images/photo-${i}-thumb.jpg"
done

# The 70-second HLS video: 10-second MPEG-TS segments (named .m2ts: ESLint would parse .ts files), 160x90, very low bitrate, silent audio track.
ffmpeg -loglevel error -y -f lavfi -i "testsrc=size=160x90:rate=10:duration=70" \
  -f lavfi -i "sine=frequency=440:duration=70" \
  -c:v libx264 -pix_fmt yuv420p -profile:v baseline -b:v 24k -g 100 -keyint_min 100 -sc_threshold 0 \
  -c:a aac -b:a 12k -ac 1 -ar 22050 \
  -f hls -hls_time 10 -hls_list_size 0 -hls_playlist_type vod \
  -hls_segment_filename "video/hls-demo/segment-%02d.m2ts" "video/hls-demo/index.m3u8"
ffmpeg -loglevel error -y -ss 5 -i "video/hls-demo/segment-00.ts" -frames:v 1 -vf scale=96:54 "video/hls-demo/poster.jpg"

# The mp4 video: 20 seconds.
ffmpeg -loglevel error -y -f lavfi -i "testsrc2=size=160x90:rate=10:duration=20" \
  -f lavfi -i "sine=frequency=330:duration=20" \
  -c:v libx264 -pix_fmt yuv420p -profile:v baseline -b:v 24k -c:a aac -b:a 12k -ac 1 -ar 22050 \
  -movflags +faststart "video/clip.mp4"
ffmpeg -loglevel error -y -ss 2 -i "video/clip.mp4" -frames:v 1 -vf scale=96:54 "video/clip-poster.jpg"

# The 70-second audio file.
ffmpeg -loglevel error -y -f lavfi -i "sine=frequency=523:duration=70" -c:a libmp3lame -b:a 16k -ac 1 -ar 22050 "audio/tone.mp3"

# The guide: two pages of text, written by hand (no PDF tool needed).
python3 - <<'PY'
# Two A4 pages of real text; page 2 ends with a line in Chinese in a font the PDF does not embed
# (STSong-Light through the UniGB-UCS2-H character map, as many Chinese PDFs do).
def text_stream(title, lines, footer, extra=b""):
    body = [b"BT", b"/F1 22 Tf", b"56 770 Td", b"26 TL", b"(" + title + b") Tj", b"/F1 12 Tf", b"18 TL", b"T* () Tj"]
    body += [b"T* (" + line + b") Tj" for line in lines]
    body += [b"T* () Tj", b"T* (" + footer + b") Tj"]
    body += extra
    body += [b"ET"]
    return b"\n".join(body) + b"\n"

def stream(content):
    return b"<< /Length " + str(len(content)).encode() + b" >>\nstream\n" + content + b"endstream"

page1 = text_stream(b"Nimbus Share guide", [
    b"Open a shared link, enter its extract code if it asks for one,",
    b"and browse its folders. Tap a photo, a video or a song to preview it.",
    b"Select files and press 'Save to my cloud' to keep a copy of your own.",
], b"Page 1 of 2")
page2 = text_stream(b"Saving and previews", [
    b"Videos and songs play for one minute in the preview.",
    b"Save them to your cloud to watch or listen to the whole file.",
    b"Documents such as this guide open page by page: use the page buttons",
    b"or the keyboard to move between pages.",
], b"Page 2 of 2", [b"/F2 12 Tf", b"T* <4E2D658763075357> Tj"])
latin = b"<< /Font << /F1 1 0 R >> >>"
resources = b"<< /Font << /F1 1 0 R /F2 9 0 R >> >>"
objects = [
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    b"<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>",
    stream(page1),
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources " + latin + b" /Contents 3 0 R >>",
    stream(page2),
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources " + resources + b" /Contents 5 0 R >>",
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Title (Nimbus Share guide) /Producer (Nimbus Share demo data) >>",
    b"<< /Type /Font /Subtype /Type0 /BaseFont /STSong-Light /Encoding /UniGB-UCS2-H /DescendantFonts [10 0 R] >>",
    b"<< /Type /Font /Subtype /CIDFontType0 /BaseFont /STSong-Light /CIDSystemInfo << /Registry (Adobe) /Ordering (GB1) /Supplement 4 >> >>",
]
out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
offsets = []
for number, body in enumerate(objects, start=1):
    offsets.append(len(out))
    out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
xref = len(out)
out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
for offset in offsets:
    out += f"{offset:010d} 00000 n \n".encode()
out += f"trailer\n<< /Size {len(objects) + 1} /Root 7 0 R /Info 8 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
open("docs/guide.pdf", "wb").write(out)
PY

# The demo's text file.
cat > docs/notes.txt <<'NOTES'
Trip notes
==========

Packing list
  - Camera, two batteries, the small tripod
  - Charger and the travel adapter
  - Printed copy of the booking

Day 1 - Arrival
  Check in after 3 pm. Dinner by the harbour: ask for a table outside.

Day 2 - The old town
  Morning walk up to the castle (about 40 minutes).
  Museum opens at 10:00; tickets are cheaper online.
  Photos for the album: the market, the bridge at sunset.

Day 3 - Mountains
  Leave early: the road is busy after 9.
  Lunch at the lake; the boat runs every hour until 17:00.

Budget (per person)
  Hotel        3 nights    240
  Food                     120
  Museum                    18
  Boat                      12
  ---------------------------
  Total                    390

Shared with the family through Nimbus Share. Save the photos you like to your own cloud.
NOTES

# A zip of two small text files.
tmp=$(mktemp -d)
printf 'Nimbus demo archive\n' > "$tmp/readme.txt"
printf 'name,size\nphoto-1.jpg,1\n' > "$tmp/list.csv"
(cd "$tmp" && zip -q -X archive.zip readme.txt list.csv)
mv "$tmp/archive.zip" docs/archive.zip
rm -rf "$tmp"

# Avatars: small SVG initials.
for entry in "sam:S:#4f7cff" "carol:C:#e0607e" "alice:A:#2fa572" "bob:B:#f0a030"; do
  IFS=: read -r name letter color <<<"$entry"
  cat >"avatars/${name}.svg" <<SVG
<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="${color}"/><text x="32" y="42" font-family="Arial, sans-serif" font-size="28" fill="#fff" text-anchor="middle">${letter}</text></svg>
SVG
done
# The 60-second preview renditions of the progressive media longer than that (the mp3).
bash ../scripts/preview-renditions.sh
du -sh .
