#!/usr/bin/env bash
# Usage: preview-renditions.sh [media file ...]   (default: every mp3 and mp4 under server/media)
#
# Writes the preview rendition of each progressive audio or video file longer than the preview
# limit (60 s): `name.preview.ext` beside it, the file's first 60 seconds cut by ffmpeg (streams
# copied, the container rewritten: a playable file, not a byte slice). A visitor who has not saved
# a file is only ever handed this rendition (server/src/shares/share-items.ts). Needs ffmpeg;
# the renditions of the demo media are committed, so neither CI nor `npm start` needs it.
set -euo pipefail
limit=60
# ffmpeg keeps the packet that starts before the cut: stopping 0.1 s early keeps the end at or
# under the limit (an mp3 frame lasts 26-52 ms, a video frame at 10 fps 100 ms).
cut=59.9
cd "$(dirname "$0")/../media"
if [ "$#" -eq 0 ]; then
  mapfile -t files < <(find . -type f \( -name '*.mp3' -o -name '*.mp4' \) ! -name '*.preview.*' | sort)
else
  files=("$@")
fi
for file in "${files[@]}"; do
  duration=$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$file")
  preview="${file%.*}.preview.${file##*.}"
  if awk -v d="$duration" -v l="$limit" 'BEGIN { exit !(d > l) }'; then
    ffmpeg -loglevel error -y -i "$file" -t "$cut" -map 0 -c copy "$preview"
    echo "$preview: $(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$preview") s (from $duration s)"
  else
    rm -f "$preview"
    echo "$file: $duration s, its own preview"
  fi
done
