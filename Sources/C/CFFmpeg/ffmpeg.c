#include "symbols.h"

#include <bl_loader.h>
#include <libavutil/log.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bl_av_util_table util;
struct bl_av_resample_table resample;
struct bl_av_codec_table codec;
struct bl_av_format_table format;

static int quiet(const char *file, void *context, char *cause, size_t cause_size) {
    (void)file;
    (void)context;
    (void)cause;
    (void)cause_size;
    util.log_set_level(AV_LOG_QUIET);
    return 0;
}

static bl_library libavutil = {
    .failure = "cannot load FFmpeg's libavutil",
    .variable = "BLUELIBRARY_LIBAVUTIL",
    .files = (const char *const[]){"libavutil.so.57", NULL},
    .symbols =
        (const bl_symbol[]){
            {"av_log_set_level", (void **)&util.log_set_level},
            {"av_strerror", (void **)&util.strerror},
            {"av_frame_alloc", (void **)&util.frame_alloc},
            {"av_frame_free", (void **)&util.frame_free},
            {"av_frame_unref", (void **)&util.frame_unref},
            {"av_channel_layout_default", (void **)&util.channel_layout_default},
            {"av_channel_layout_uninit", (void **)&util.channel_layout_uninit},
            {"av_rescale_q", (void **)&util.rescale_q},
            {"av_channel_layout_copy", (void **)&util.channel_layout_copy},
            {"av_frame_get_buffer", (void **)&util.frame_get_buffer},
            {"av_audio_fifo_alloc", (void **)&util.fifo_alloc},
            {"av_audio_fifo_write", (void **)&util.fifo_write},
            {"av_audio_fifo_read", (void **)&util.fifo_read},
            {"av_audio_fifo_size", (void **)&util.fifo_size},
            {"av_audio_fifo_free", (void **)&util.fifo_free},
            {"av_samples_alloc_array_and_samples", (void **)&util.samples_alloc_array_and_samples},
            {"av_sample_fmt_is_planar", (void **)&util.sample_fmt_is_planar},
            {"av_get_bytes_per_sample", (void **)&util.get_bytes_per_sample},
            {"av_malloc", (void **)&util.malloc},
            {"av_freep", (void **)&util.freep},
            {"av_dict_set", (void **)&util.dict_set},
            {"av_dict_copy", (void **)&util.dict_copy},
            {"av_dict_free", (void **)&util.dict_free},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libavutil.so", "install libavutil57"}, {NULL, NULL}},
    .check = quiet,
};

static bl_library libswresample = {
    .failure = "cannot load FFmpeg's libswresample",
    .variable = "BLUELIBRARY_LIBSWRESAMPLE",
    .files = (const char *const[]){"libswresample.so.4", NULL},
    .symbols =
        (const bl_symbol[]){
            {"swr_alloc_set_opts2", (void **)&resample.alloc_set_opts2},
            {"swr_init", (void **)&resample.init},
            {"swr_convert", (void **)&resample.convert},
            {"swr_get_out_samples", (void **)&resample.get_out_samples},
            {"swr_free", (void **)&resample.free},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libswresample.so", "install libswresample4"}, {NULL, NULL}},
};

static bl_library libavcodec = {
    .failure = "cannot load FFmpeg's libavcodec",
    .variable = "BLUELIBRARY_LIBAVCODEC",
    .files = (const char *const[]){"libavcodec.so.59", NULL},
    .symbols =
        (const bl_symbol[]){
            {"avcodec_alloc_context3", (void **)&codec.alloc_context3},
            {"avcodec_parameters_to_context", (void **)&codec.parameters_to_context},
            {"avcodec_open2", (void **)&codec.open2},
            {"avcodec_send_packet", (void **)&codec.send_packet},
            {"avcodec_receive_frame", (void **)&codec.receive_frame},
            {"avcodec_flush_buffers", (void **)&codec.flush_buffers},
            {"avcodec_free_context", (void **)&codec.free_context},
            {"av_packet_alloc", (void **)&codec.packet_alloc},
            {"av_packet_free", (void **)&codec.packet_free},
            {"av_packet_unref", (void **)&codec.packet_unref},
            {"av_packet_rescale_ts", (void **)&codec.packet_rescale_ts},
            {"avcodec_find_encoder_by_name", (void **)&codec.find_encoder_by_name},
            {"avcodec_send_frame", (void **)&codec.send_frame},
            {"avcodec_receive_packet", (void **)&codec.receive_packet},
            {"avcodec_parameters_from_context", (void **)&codec.parameters_from_context},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libavcodec.so", "install libavcodec59"}, {NULL, NULL}},
};

static bl_library libavformat = {
    .failure = "cannot load FFmpeg's libavformat",
    .variable = "BLUELIBRARY_LIBAVFORMAT",
    .files = (const char *const[]){"libavformat.so.59", NULL},
    .symbols =
        (const bl_symbol[]){
            {"avformat_open_input", (void **)&format.open_input},
            {"avformat_find_stream_info", (void **)&format.find_stream_info},
            {"av_find_best_stream", (void **)&format.find_best_stream},
            {"av_read_frame", (void **)&format.read_frame},
            {"av_seek_frame", (void **)&format.seek_frame},
            {"avformat_close_input", (void **)&format.close_input},
            {"av_guess_format", (void **)&format.guess_format},
            {"avformat_alloc_output_context2", (void **)&format.alloc_output_context2},
            {"avformat_new_stream", (void **)&format.new_stream},
            {"avio_alloc_context", (void **)&format.io_alloc_context},
            {"avio_context_free", (void **)&format.io_context_free},
            {"avformat_write_header", (void **)&format.write_header},
            {"av_interleaved_write_frame", (void **)&format.interleaved_write_frame},
            {"av_write_trailer", (void **)&format.write_trailer},
            {"avformat_free_context", (void **)&format.free_context},
            {NULL, NULL},
        },
    .advice = (const bl_advice[]){{"libavformat.so", "install libavformat59"}, {NULL, NULL}},
};

int bl_av_load(char *reason, size_t reason_size) {
    bl_library *libraries[] = {&libavutil, &libswresample, &libavcodec, &libavformat};
    for (size_t index = 0; index < sizeof libraries / sizeof libraries[0]; index++) {
        if (bl_library_load(libraries[index], reason, reason_size) != 0) return -1;
    }
    return 0;
}

struct bl_av_decoder {
    AVFormatContext *container;
    AVCodecContext *context;
    SwrContext *resampler;
    AVPacket *packet;
    AVFrame *frame;
    int stream;
    AVRational time_base;
    int64_t start_time;
    int channels;
    int rate;
    /// Converted samples not handed out yet: `buffered` frames from `offset`.
    int16_t *buffer;
    long capacity;
    long offset;
    long buffered;
    /// Frames still to drop after a seek (those before the frame asked for).
    int64_t skip;
    /// The decoder was sent the end of the stream; then it has been drained.
    int flushing;
    int finished;
};

void bl_av_describe(int error, const char *what, char *reason, size_t reason_size) {
    char text[128];
    if (util.strerror(error, text, sizeof text) != 0) snprintf(text, sizeof text, "error %d", error);
    snprintf(reason, reason_size, "%s: %s", what, text);
}

/// A resampler from the decoder's sample format to interleaved 16-bit samples, same rate and channels.
static SwrContext *make_resampler(bl_av_decoder *decoder) {
    AVChannelLayout layout;
    util.channel_layout_default(&layout, decoder->channels);
    SwrContext *resampler = NULL;
    int status = resample.alloc_set_opts2(&resampler, &layout, AV_SAMPLE_FMT_S16, decoder->rate,
                                          &decoder->context->ch_layout, decoder->context->sample_fmt,
                                          decoder->context->sample_rate, 0, NULL);
    util.channel_layout_uninit(&layout);
    if (status < 0 || resample.init(resampler) < 0) {
        resample.free(&resampler);
        return NULL;
    }
    return resampler;
}

void bl_av_close(bl_av_decoder *decoder) {
    if (decoder == NULL) return;
    resample.free(&decoder->resampler);
    util.frame_free(&decoder->frame);
    codec.packet_free(&decoder->packet);
    codec.free_context(&decoder->context);
    format.close_input(&decoder->container);
    free(decoder->buffer);
    free(decoder);
}

int bl_av_open_input(const char *path, AVFormatContext **container, int *stream, AVCodecContext **context,
                     char *reason, size_t reason_size) {
    int status = format.open_input(container, path, NULL, NULL);
    if (status < 0) {
        bl_av_describe(status, "FFmpeg cannot open it", reason, reason_size);
        return -1;
    }
    status = format.find_stream_info(*container, NULL);
    if (status < 0) {
        bl_av_describe(status, "FFmpeg cannot read its streams", reason, reason_size);
        format.close_input(container);
        return -1;
    }
    const AVCodec *found = NULL;
    *stream = format.find_best_stream(*container, AVMEDIA_TYPE_AUDIO, -1, -1, &found, 0);
    if (*stream < 0 || found == NULL) {
        snprintf(reason, reason_size,
                 *stream == AVERROR_DECODER_NOT_FOUND ? "FFmpeg has no decoder for its audio"
                                                       : "it holds no audio stream");
        format.close_input(container);
        return -1;
    }
    *context = codec.alloc_context3(found);
    if (*context == NULL ||
        (status = codec.parameters_to_context(*context, (*container)->streams[*stream]->codecpar)) < 0 ||
        (status = codec.open2(*context, found, NULL)) < 0) {
        bl_av_describe(*context == NULL ? AVERROR(ENOMEM) : status, "FFmpeg cannot decode its audio", reason,
                       reason_size);
        codec.free_context(context);
        format.close_input(container);
        return -1;
    }
    return 0;
}

bl_av_decoder *bl_av_open(const char *path, bl_av_format *out, char *reason, size_t reason_size) {
    bl_av_decoder *decoder = calloc(1, sizeof *decoder);
    if (decoder == NULL) {
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    if (bl_av_open_input(path, &decoder->container, &decoder->stream, &decoder->context, reason, reason_size) !=
        0) {
        bl_av_close(decoder);
        return NULL;
    }
    AVStream *stream = decoder->container->streams[decoder->stream];
    decoder->packet = codec.packet_alloc();
    decoder->frame = util.frame_alloc();
    if (decoder->packet == NULL || decoder->frame == NULL) {
        snprintf(reason, reason_size, "out of memory");
        bl_av_close(decoder);
        return NULL;
    }
    decoder->rate = decoder->context->sample_rate;
    decoder->channels = decoder->context->ch_layout.nb_channels;
    if (decoder->rate <= 0 || decoder->channels <= 0 || decoder->channels > 8) {
        snprintf(reason, reason_size, "its audio has %d channels at %d Hz", decoder->channels, decoder->rate);
        bl_av_close(decoder);
        return NULL;
    }
    decoder->resampler = make_resampler(decoder);
    if (decoder->resampler == NULL) {
        snprintf(reason, reason_size, "FFmpeg cannot convert its samples");
        bl_av_close(decoder);
        return NULL;
    }
    decoder->time_base = stream->time_base;
    decoder->start_time = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    AVRational per_frame = {1, decoder->rate};
    int64_t frames = 0;
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        frames = util.rescale_q(stream->duration, stream->time_base, per_frame);
    } else if (decoder->container->duration != AV_NOPTS_VALUE && decoder->container->duration > 0) {
        frames = util.rescale_q(decoder->container->duration, AV_TIME_BASE_Q, per_frame);
    }
    out->rate = decoder->rate;
    out->channels = decoder->channels;
    out->frames = frames;
    return decoder;
}

/// Makes room for `frames` frames in the buffer of converted samples.
static int reserve(bl_av_decoder *decoder, long frames) {
    if (frames <= decoder->capacity) return 0;
    int16_t *grown = realloc(decoder->buffer, (size_t)frames * (size_t)decoder->channels * sizeof(int16_t));
    if (grown == NULL) return -1;
    decoder->buffer = grown;
    decoder->capacity = frames;
    return 0;
}

/// Decodes the next frame of audio into the buffer (frames before a seek's target dropped). Returns 1 when
/// the buffer holds samples, 0 at the end of the stream, -1 on an error.
static int refill(bl_av_decoder *decoder, char *reason, size_t reason_size) {
    while (!decoder->finished) {
        int status = codec.receive_frame(decoder->context, decoder->frame);
        if (status == AVERROR(EAGAIN)) {
            status = format.read_frame(decoder->container, decoder->packet);
            if (status == AVERROR_EOF) {
                decoder->flushing = 1;
                codec.send_packet(decoder->context, NULL);
                continue;
            }
            if (status < 0) {
                bl_av_describe(status, "FFmpeg cannot read it", reason, reason_size);
                return -1;
            }
            if (decoder->packet->stream_index == decoder->stream) {
                status = codec.send_packet(decoder->context, decoder->packet);
            }
            codec.packet_unref(decoder->packet);
            // A damaged packet is skipped, as players do; the decoder goes on with the next one.
            if (status < 0 && status != AVERROR(EAGAIN) && status != AVERROR_INVALIDDATA) {
                bl_av_describe(status, "FFmpeg cannot decode it", reason, reason_size);
                return -1;
            }
            continue;
        }
        if (status == AVERROR_EOF) {
            decoder->finished = 1;
            break;
        }
        if (status < 0) {
            bl_av_describe(status, "FFmpeg cannot decode it", reason, reason_size);
            return -1;
        }
        int room = resample.get_out_samples(decoder->resampler, decoder->frame->nb_samples);
        if (room < 0 || reserve(decoder, room) != 0) {
            util.frame_unref(decoder->frame);
            snprintf(reason, reason_size, "out of memory");
            return -1;
        }
        uint8_t *output = (uint8_t *)decoder->buffer;
        int converted = resample.convert(decoder->resampler, &output, room,
                                         (const uint8_t **)decoder->frame->extended_data,
                                         decoder->frame->nb_samples);
        util.frame_unref(decoder->frame);
        if (converted < 0) {
            bl_av_describe(converted, "FFmpeg cannot convert it", reason, reason_size);
            return -1;
        }
        decoder->offset = 0;
        decoder->buffered = converted;
        if (decoder->skip > 0) {
            long dropped = decoder->skip < converted ? (long)decoder->skip : converted;
            decoder->offset = dropped;
            decoder->buffered -= dropped;
            decoder->skip -= dropped;
        }
        if (decoder->buffered > 0) return 1;
    }
    return 0;
}

long bl_av_read(bl_av_decoder *decoder, int16_t *samples, long frames, char *reason, size_t reason_size) {
    long done = 0;
    while (done < frames) {
        if (decoder->buffered == 0) {
            int status = refill(decoder, reason, reason_size);
            if (status < 0) return done > 0 ? done : -1;
            if (status == 0) break;
        }
        long count = decoder->buffered < frames - done ? decoder->buffered : frames - done;
        memcpy(samples + done * decoder->channels, decoder->buffer + decoder->offset * decoder->channels,
               (size_t)count * (size_t)decoder->channels * sizeof(int16_t));
        decoder->offset += count;
        decoder->buffered -= count;
        done += count;
    }
    return done;
}

int bl_av_seek(bl_av_decoder *decoder, int64_t frame, char *reason, size_t reason_size) {
    AVRational per_frame = {1, decoder->rate};
    int64_t target = util.rescale_q(frame, per_frame, decoder->time_base) + decoder->start_time;
    int status = format.seek_frame(decoder->container, decoder->stream, target, AVSEEK_FLAG_BACKWARD);
    if (status < 0) {
        bl_av_describe(status, "FFmpeg cannot seek in it", reason, reason_size);
        return -1;
    }
    codec.flush_buffers(decoder->context);
    resample.free(&decoder->resampler);
    decoder->resampler = make_resampler(decoder);
    if (decoder->resampler == NULL) {
        snprintf(reason, reason_size, "FFmpeg cannot convert its samples");
        return -1;
    }
    decoder->buffered = 0;
    decoder->offset = 0;
    decoder->flushing = 0;
    decoder->finished = 0;
    // Decode from the key frame the container found, and drop the frames before the one asked for: the
    // first packet's time says where decoding starts.
    decoder->skip = 0;
    while (1) {
        status = format.read_frame(decoder->container, decoder->packet);
        if (status < 0) {
            // Past the end: the next read ends the stream.
            decoder->finished = status == AVERROR_EOF;
            if (!decoder->finished) bl_av_describe(status, "FFmpeg cannot read it", reason, reason_size);
            return decoder->finished ? 0 : -1;
        }
        if (decoder->packet->stream_index != decoder->stream) {
            codec.packet_unref(decoder->packet);
            continue;
        }
        int64_t time = decoder->packet->pts != AV_NOPTS_VALUE ? decoder->packet->pts : decoder->packet->dts;
        if (time != AV_NOPTS_VALUE) {
            int64_t first = util.rescale_q(time - decoder->start_time, decoder->time_base, per_frame);
            decoder->skip = frame > first ? frame - first : 0;
        }
        status = codec.send_packet(decoder->context, decoder->packet);
        codec.packet_unref(decoder->packet);
        if (status < 0 && status != AVERROR_INVALIDDATA) {
            bl_av_describe(status, "FFmpeg cannot decode it", reason, reason_size);
            return -1;
        }
        return 0;
    }
}
