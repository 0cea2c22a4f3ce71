#!/bin/sh
# Builds ffprobe alone from Debian's ffmpeg source (the one bookworm's ffmpeg package is built from, unpacked with its
# patches in the current folder) into $1/bin/ffprobe: what the API needs to read an upload's container and streams,
# and no more. Every demuxer and parser; the decoders of the video and audio codecs an upload may carry (ffprobe
# opens them for the pixel format, profile and channel layout); file, pipe and HTTP(S) reading (the API probes S3
# uploads through a signed URL); no filters, encoders, muxers, devices or external codec libraries. Linked to
# Debian's libssl and zlib only. LGPL v3 (OpenSSL 3 is Apache-2.0, compatible with LGPL v3).
set -eu
PREFIX=$1
# DECODERS and enable(): shared with the worker's ffmpeg.
. "$(dirname "$0")/decoders.sh"
# shellcheck disable=SC2046 # the lists are split into one flag per name on purpose
./configure --prefix="$PREFIX" \
  --disable-everything --disable-autodetect --disable-doc --disable-debug \
  --disable-programs --enable-ffprobe \
  --disable-avdevice --disable-avfilter --disable-swscale --disable-postproc \
  --enable-static --disable-shared --enable-small --disable-x86asm \
  --enable-version3 --enable-openssl --enable-zlib \
  --enable-protocol=file --enable-protocol=pipe --enable-protocol=http --enable-protocol=https \
  --enable-protocol=tcp --enable-protocol=tls \
  --enable-demuxers --enable-parsers --enable-bsfs \
  $(enable decoder "$DECODERS") >configure.log
make -j"$(nproc)" ffprobe >make.log 2>&1 || { tail -30 make.log; exit 1; }
install -D -m 0755 -s ffprobe "$PREFIX/bin/ffprobe"
