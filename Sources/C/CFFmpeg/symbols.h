#ifndef BLUELIBRARY_CFFMPEG_SYMBOLS_H
#define BLUELIBRARY_CFFMPEG_SYMBOLS_H
// The functions of FFmpeg's libraries that the decoder (ffmpeg.c) and the transcoder (transcode.c) call,
// found by bl_av_load (ffmpeg.c) when the libraries are loaded: one table per library.
#include "bl_ffmpeg.h"

#include <libavcodec/avcodec.h>
#include <libavformat/avformat.h>
#include <libavutil/audio_fifo.h>
#include <libavutil/channel_layout.h>
#include <libavutil/dict.h>
#include <libavutil/error.h>
#include <libavutil/mathematics.h>
#include <libavutil/mem.h>
#include <libavutil/samplefmt.h>
#include <libswresample/swresample.h>

extern struct bl_av_util_table {
    __typeof__(&av_log_set_level) log_set_level;
    __typeof__(&av_strerror) strerror;
    __typeof__(&av_frame_alloc) frame_alloc;
    __typeof__(&av_frame_free) frame_free;
    __typeof__(&av_frame_unref) frame_unref;
    __typeof__(&av_channel_layout_default) channel_layout_default;
    __typeof__(&av_channel_layout_uninit) channel_layout_uninit;
    __typeof__(&av_rescale_q) rescale_q;
    __typeof__(&av_channel_layout_copy) channel_layout_copy;
    __typeof__(&av_frame_get_buffer) frame_get_buffer;
    __typeof__(&av_audio_fifo_alloc) fifo_alloc;
    __typeof__(&av_audio_fifo_write) fifo_write;
    __typeof__(&av_audio_fifo_read) fifo_read;
    __typeof__(&av_audio_fifo_size) fifo_size;
    __typeof__(&av_audio_fifo_free) fifo_free;
    __typeof__(&av_samples_alloc_array_and_samples) samples_alloc_array_and_samples;
    __typeof__(&av_sample_fmt_is_planar) sample_fmt_is_planar;
    __typeof__(&av_get_bytes_per_sample) get_bytes_per_sample;
    __typeof__(&av_malloc) malloc;
    __typeof__(&av_freep) freep;
    __typeof__(&av_dict_set) dict_set;
    __typeof__(&av_dict_copy) dict_copy;
    __typeof__(&av_dict_free) dict_free;
} util;

extern struct bl_av_resample_table {
    __typeof__(&swr_alloc_set_opts2) alloc_set_opts2;
    __typeof__(&swr_init) init;
    __typeof__(&swr_convert) convert;
    __typeof__(&swr_get_out_samples) get_out_samples;
    __typeof__(&swr_free) free;
} resample;

extern struct bl_av_codec_table {
    __typeof__(&avcodec_alloc_context3) alloc_context3;
    __typeof__(&avcodec_parameters_to_context) parameters_to_context;
    __typeof__(&avcodec_open2) open2;
    __typeof__(&avcodec_send_packet) send_packet;
    __typeof__(&avcodec_receive_frame) receive_frame;
    __typeof__(&avcodec_flush_buffers) flush_buffers;
    __typeof__(&avcodec_free_context) free_context;
    __typeof__(&av_packet_alloc) packet_alloc;
    __typeof__(&av_packet_free) packet_free;
    __typeof__(&av_packet_unref) packet_unref;
    __typeof__(&av_packet_rescale_ts) packet_rescale_ts;
    __typeof__(&avcodec_find_encoder_by_name) find_encoder_by_name;
    __typeof__(&avcodec_send_frame) send_frame;
    __typeof__(&avcodec_receive_packet) receive_packet;
    __typeof__(&avcodec_parameters_from_context) parameters_from_context;
} codec;

extern struct bl_av_format_table {
    __typeof__(&avformat_open_input) open_input;
    __typeof__(&avformat_find_stream_info) find_stream_info;
    __typeof__(&av_find_best_stream) find_best_stream;
    __typeof__(&av_read_frame) read_frame;
    __typeof__(&av_seek_frame) seek_frame;
    __typeof__(&avformat_close_input) close_input;
    __typeof__(&av_guess_format) guess_format;
    __typeof__(&avformat_alloc_output_context2) alloc_output_context2;
    __typeof__(&avformat_new_stream) new_stream;
    __typeof__(&avio_alloc_context) io_alloc_context;
    __typeof__(&avio_context_free) io_context_free;
    __typeof__(&avformat_write_header) write_header;
    __typeof__(&av_interleaved_write_frame) interleaved_write_frame;
    __typeof__(&av_write_trailer) write_trailer;
    __typeof__(&avformat_free_context) free_context;
} format;

/// Writes "<what>: <FFmpeg's text for error>" into `reason`.
void bl_av_describe(int error, const char *what, char *reason, size_t reason_size);

/// Opens the file at `path`, finds its first audio stream and opens that stream's decoder: 0, or -1 with
/// the reason in `reason` (whatever was opened is closed again).
int bl_av_open_input(const char *path, AVFormatContext **container, int *stream, AVCodecContext **context,
                     char *reason, size_t reason_size);
#endif
