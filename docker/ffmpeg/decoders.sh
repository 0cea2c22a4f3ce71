# shellcheck shell=sh
# The decoders of the video and audio codecs an upload may carry, for both builds from Debian's ffmpeg source: the
# API's ffprobe (docker/ffprobe/build.sh: it opens them for the pixel format, profile and channel layout) and the
# worker's ffmpeg (docker/ffmpeg/build.sh: it decodes them). mjpeg and png also read the analysis's own frame images.
DECODERS='h264 hevc vp8 vp9 av1 mpeg4 mpeg1video mpeg2video mpegvideo h263 h263p flv msmpeg4v1 msmpeg4v2 msmpeg4v3
  wmv1 wmv2 wmv3 vc1 theora mjpeg png gif webp prores dnxhd rawvideo
  aac aac_latm mp1 mp2 mp3 ac3 eac3 opus vorbis flac alac wmav1 wmav2 amrnb amrwb
  pcm_s16le pcm_s16be pcm_s24le pcm_s32le pcm_f32le pcm_u8 pcm_alaw pcm_mulaw'
# One configure flag per name: enable decoder "$DECODERS" → --enable-decoder=h264 --enable-decoder=hevc …
enable() { for name in $2; do printf ' --enable-%s=%s' "$1" "$name"; done; }
