#!/bin/sh
# Builds the worker's ffmpeg and ffprobe from Debian's ffmpeg source (the one bookworm's ffmpeg package is built from,
# unpacked with its patches in the current folder) into $1/bin: what the analysis runs, and no more, instead of
# Debian's ffmpeg, whose libraries pull in ~230 MB of codec, filter and device libraries the analysis never uses
# (flite, Intel's libmfx, codec2, x265, …). Linked to Debian's libssl, zlib and libdav1d only. LGPL v3.
#   decoders  an upload's codecs (decoders.sh); mjpeg/png also read the frame images back (src/infra/pdf/jpeg-resizer.ts);
#             AV1 through libdav1d (Debian's libdav1d-dev): ffmpeg's own av1 decoder only drives hardware decoders and
#             fails on a machine without one ("Your platform doesn't support hardware accelerated AV1 decoding")
#   filters   the decode pass's graph (src/analysis/signals/decode.ts), the frame seeks' scale (src/analysis/frames.ts),
#             the PDF's frame resize (jpeg-resizer.ts), and those ffmpeg inserts itself (its buffer sources and sinks
#             are always built): format/aformat/scale/aresample conversions, trim/atrim for -ss/-t, transpose/hflip/vflip/rotate for a
#             rotated video's autorotate, null/anull/split/asplit
#   encoders  mjpeg (frame images), rawvideo (the colour histograms on pipe 3), pcm_s16le (the VAD's audio on pipe 1),
#             wrapped_avframe (`-f null`); muxers image2, rawvideo, pcm_s16le (`-f s16le`), null
#   smoke     docker/smoke.sh makes its test clip with this ffmpeg: the lavfi device with testsrc2 and sine, the
#             native mpeg4 and aac encoders, the mp4 muxer (about 1 MB of the binaries; nothing in the product encodes video)
# Every requested component is checked after configure: one it silently left out (a missing dependency) fails the build.
set -eu
PREFIX=$1
# DECODERS and enable(): shared with the API's ffprobe.
. "$(dirname "$0")/decoders.sh"
# libdav1d is listed before the native av1 decoder in libavcodec, so ffmpeg picks it for AV1 streams.
DECODERS="$DECODERS libdav1d"
FILTERS='split asplit fps scale format setsar transpose hflip vflip rotate scdet metadata blackdetect nullsink
  anullsink signalstats freezedetect ebur128 silencedetect aresample aformat null anull trim atrim testsrc2 sine'
ENCODERS='mjpeg rawvideo pcm_s16le wrapped_avframe mpeg4 aac'
MUXERS='image2 rawvideo pcm_s16le null mp4'
# Speed matters here, unlike the API's ffprobe: x86 assembly (nasm) and the default optimisation, not --enable-small.
# shellcheck disable=SC2046 # the lists are split into one flag per name on purpose
./configure --prefix="$PREFIX" \
  --disable-everything --disable-autodetect --disable-doc --disable-debug \
  --disable-programs --enable-ffmpeg --enable-ffprobe \
  --disable-postproc --enable-static --disable-shared \
  --enable-version3 --enable-openssl --enable-zlib --enable-libdav1d \
  --enable-protocol=file --enable-protocol=pipe --enable-protocol=http --enable-protocol=https \
  --enable-protocol=tcp --enable-protocol=tls \
  --enable-demuxers --enable-parsers --enable-bsfs --enable-indev=lavfi \
  $(enable decoder "$DECODERS") $(enable filter "$FILTERS") $(enable encoder "$ENCODERS") $(enable muxer "$MUXERS") \
  >configure.log
missing=''
for kind in decoder filter encoder muxer; do
  case $kind in decoder) names=$DECODERS ;; filter) names=$FILTERS ;; encoder) names=$ENCODERS ;; muxer) names=$MUXERS ;; esac
  for name in $names; do
    macro=$(printf 'CONFIG_%s_%s 1' "$name" "$kind" | tr '[:lower:]' '[:upper:]')
    # config_components.h from ffmpeg 5.1 on, config.h before
    grep -qs "^#define $macro\$" config.h config_components.h || missing="$missing $name ($kind)"
  done
done
grep -q '^#define HAVE_PTHREADS 1$' config.h || missing="$missing pthreads"
[ -z "$missing" ] || { echo "ffmpeg build: configure left out:$missing" >&2; exit 1; }
make -j"$(nproc)" ffmpeg ffprobe >make.log 2>&1 || { tail -30 make.log; exit 1; }
install -D -m 0755 -s ffmpeg "$PREFIX/bin/ffmpeg"
install -D -m 0755 -s ffprobe "$PREFIX/bin/ffprobe"
