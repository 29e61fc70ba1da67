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

# A one-page PDF, written by hand (no PDF tool needed).
python3 - <<'PY'
objects = [
    b"<< /Type /Catalog /Pages 2 0 R >>",
    b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    None,
    b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
]
text = b"BT /F1 18 Tf 40 100 Td (Nimbus demo document) Tj ET"
objects[3] = b"<< /Length " + str(len(text)).encode() + b" >>\nstream\n" + text + b"\nendstream"
out = bytearray(b"%PDF-1.4\n")
offsets = []
for number, body in enumerate(objects, start=1):
    offsets.append(len(out))
    out += f"{number} 0 obj\n".encode() + body + b"\nendobj\n"
xref = len(out)
out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
for offset in offsets:
    out += f"{offset:010d} 00000 n \n".encode()
out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
open("docs/guide.pdf", "wb").write(out)
PY

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
