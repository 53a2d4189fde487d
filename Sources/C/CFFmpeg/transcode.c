#include "symbols.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct bl_av_transcoder {
    // The source.
    AVFormatContext *input;
    AVCodecContext *decoder;
    int stream;
    AVRational time_base;
    int64_t start_time;
    AVPacket *packet;
    AVFrame *decoded;
    /// The source frame the output starts at, and whether the first decoded frame has been placed (its
    /// timestamp says how many of its samples come before that frame).
    int64_t first_frame;
    int placed;
    /// The container's position after a seek is unknown until a timestamp says it; a file that cannot seek
    /// is decoded from its start, position 0.
    int sought;
    int64_t counted;

    // The conversion and the output.
    SwrContext *resampler;
    AVAudioFifo *fifo;
    uint8_t **scratch;
    int scratch_capacity;
    AVCodecContext *encoder;
    AVFormatContext *output;
    AVIOContext *io;
    AVFrame *frame;
    AVPacket *encoded;
    int frame_size;
    int64_t next_pts;

    int input_done;
    int finished;

    /// Output made and not taken: `size` bytes from `offset`.
    uint8_t *bytes;
    size_t offset;
    size_t size;
    size_t capacity;
    int out_of_memory;
};

/// The muxer's writes land here.
static int collect(void *opaque, uint8_t *data, int count) {
    bl_av_transcoder *transcoder = opaque;
    if (count <= 0) return 0;
    if (transcoder->offset > 0 && transcoder->offset == transcoder->size) transcoder->offset = transcoder->size = 0;
    if (transcoder->size + (size_t)count > transcoder->capacity) {
        if (transcoder->offset > 0) {
            memmove(transcoder->bytes, transcoder->bytes + transcoder->offset, transcoder->size - transcoder->offset);
            transcoder->size -= transcoder->offset;
            transcoder->offset = 0;
        }
        if (transcoder->size + (size_t)count > transcoder->capacity) {
            size_t capacity = transcoder->capacity ? transcoder->capacity : 65536;
            while (capacity < transcoder->size + (size_t)count) capacity *= 2;
            uint8_t *grown = realloc(transcoder->bytes, capacity);
            if (grown == NULL) {
                transcoder->out_of_memory = 1;
                return AVERROR(ENOMEM);
            }
            transcoder->bytes = grown;
            transcoder->capacity = capacity;
        }
    }
    memcpy(transcoder->bytes + transcoder->size, data, (size_t)count);
    transcoder->size += (size_t)count;
    return count;
}

int bl_av_can_make(const bl_av_target *target, char *reason, size_t reason_size) {
    if (bl_av_load(reason, reason_size) != 0) return 0;
    if (codec.find_encoder_by_name(target->encoder) == NULL) {
        snprintf(reason, reason_size, "this FFmpeg has no %s encoder", target->encoder);
        return 0;
    }
    if (format.guess_format(target->container, NULL, NULL) == NULL) {
        snprintf(reason, reason_size, "this FFmpeg cannot write the %s container", target->container);
        return 0;
    }
    return 1;
}

void bl_av_transcoder_close(bl_av_transcoder *transcoder) {
    if (transcoder == NULL) return;
    if (transcoder->output != NULL) {
        format.free_context(transcoder->output);
        transcoder->output = NULL;
    }
    if (transcoder->io != NULL) {
        util.freep(&transcoder->io->buffer);
        format.io_context_free(&transcoder->io);
    }
    codec.free_context(&transcoder->encoder);
    util.frame_free(&transcoder->frame);
    codec.packet_free(&transcoder->encoded);
    if (transcoder->scratch != NULL) util.freep(&transcoder->scratch[0]);
    util.freep(&transcoder->scratch);
    if (transcoder->fifo != NULL) util.fifo_free(transcoder->fifo);
    resample.free(&transcoder->resampler);
    util.frame_free(&transcoder->decoded);
    codec.packet_free(&transcoder->packet);
    codec.free_context(&transcoder->decoder);
    if (transcoder->input != NULL) format.close_input(&transcoder->input);
    free(transcoder->bytes);
    free(transcoder);
}

/// The sample format to encode in: the decoder's own when the encoder takes it, else the encoder's first.
static enum AVSampleFormat sample_format(const AVCodec *encoder, enum AVSampleFormat source) {
    if (encoder->sample_fmts == NULL) return source;
    for (const enum AVSampleFormat *each = encoder->sample_fmts; *each != AV_SAMPLE_FMT_NONE; each++) {
        if (*each == source) return source;
    }
    return encoder->sample_fmts[0];
}

/// The rate to encode at: the source's (at most `highest`) when the encoder takes it, else the lowest
/// rate it takes above that, else its highest.
static int sample_rate(const AVCodec *encoder, int source, int highest) {
    int wanted = highest > 0 && source > highest ? highest : source;
    if (encoder->supported_samplerates == NULL) return wanted;
    int above = 0, best = 0;
    for (const int *each = encoder->supported_samplerates; *each != 0; each++) {
        if (*each == wanted) return wanted;
        if (*each > wanted && (above == 0 || *each < above)) above = *each;
        if (*each > best) best = *each;
    }
    return above != 0 ? above : best;
}

/// Sets up the encoder, the muxer writing into memory and the resampler between them.
static int open_output(bl_av_transcoder *transcoder, const bl_av_target *target, char *reason,
                       size_t reason_size) {
    const AVCodec *found = codec.find_encoder_by_name(target->encoder);
    if (found == NULL) {
        snprintf(reason, reason_size, "this FFmpeg has no %s encoder", target->encoder);
        return -1;
    }
    int status = format.alloc_output_context2(&transcoder->output, NULL, target->container, NULL);
    if (status < 0 || transcoder->output == NULL) {
        snprintf(reason, reason_size, "this FFmpeg cannot write the %s container", target->container);
        return -1;
    }
    AVCodecContext *decoder = transcoder->decoder;
    AVCodecContext *encoder = transcoder->encoder = codec.alloc_context3(found);
    transcoder->frame = util.frame_alloc();
    transcoder->encoded = codec.packet_alloc();
    if (encoder == NULL || transcoder->frame == NULL || transcoder->encoded == NULL) {
        snprintf(reason, reason_size, "out of memory");
        return -1;
    }
    int channels = decoder->ch_layout.nb_channels;
    if (target->max_channels > 0 && channels > target->max_channels) channels = target->max_channels;
    util.channel_layout_default(&encoder->ch_layout, channels);
    encoder->sample_fmt = sample_format(found, decoder->sample_fmt);
    encoder->sample_rate = sample_rate(found, decoder->sample_rate, target->max_rate);
    encoder->time_base = (AVRational){1, encoder->sample_rate};
    if (target->bit_rate > 0) encoder->bit_rate = target->bit_rate;
    // The rate asked for is the rate made: Vorbis between the same lowest and highest rate, Opus in its
    // constrained VBR (left alone, both make far less than asked on some music and more on other).
    if (target->bit_rate > 0 && strcmp(target->encoder, "libvorbis") == 0) {
        encoder->rc_min_rate = encoder->rc_max_rate = target->bit_rate;
    }
    AVDictionary *settings = NULL;
    if (strcmp(target->encoder, "libopus") == 0) util.dict_set(&settings, "vbr", "constrained", 0);
    if (transcoder->output->oformat->flags & AVFMT_GLOBALHEADER) encoder->flags |= AV_CODEC_FLAG_GLOBAL_HEADER;
    status = codec.open2(encoder, found, &settings);
    util.dict_free(&settings);
    if (status < 0) {
        bl_av_describe(status, "FFmpeg cannot start its encoder", reason, reason_size);
        return -1;
    }
    transcoder->frame_size = encoder->frame_size > 0 && !(found->capabilities & AV_CODEC_CAP_VARIABLE_FRAME_SIZE)
                                 ? encoder->frame_size
                                 : 4096;

    AVStream *stream = format.new_stream(transcoder->output, NULL);
    const int io_size = 32768;
    uint8_t *io_buffer = util.malloc(io_size);
    if (stream == NULL || io_buffer == NULL ||
        (transcoder->io = format.io_alloc_context(io_buffer, io_size, 1, transcoder, NULL, collect, NULL)) == NULL) {
        if (transcoder->io == NULL) util.freep(&io_buffer);
        snprintf(reason, reason_size, "out of memory");
        return -1;
    }
    transcoder->io->seekable = 0;
    transcoder->output->pb = transcoder->io;
    transcoder->output->flags |= AVFMT_FLAG_CUSTOM_IO;
    if ((status = codec.parameters_from_context(stream->codecpar, encoder)) < 0) {
        bl_av_describe(status, "FFmpeg cannot describe its output", reason, reason_size);
        return -1;
    }
    stream->time_base = encoder->time_base;
    // The source's tags go along (title, artist, album…), in the container and on the stream: muxers read
    // one or the other.
    util.dict_copy(&transcoder->output->metadata, transcoder->input->metadata, 0);
    util.dict_copy(&transcoder->output->metadata, transcoder->input->streams[transcoder->stream]->metadata, 0);
    util.dict_copy(&stream->metadata, transcoder->output->metadata, 0);
    AVDictionary *options = NULL;
    // Output that cannot be sought back into: MP4 in fragments with the header first; no MP3 Xing frame
    // (its counts could never be filled in).
    util.dict_set(&options, "movflags", "frag_keyframe+empty_moov+default_base_moof", 0);
    util.dict_set(&options, "write_xing", "0", 0);
    status = format.write_header(transcoder->output, &options);
    util.dict_free(&options);
    if (status < 0) {
        bl_av_describe(status, "FFmpeg cannot start its output", reason, reason_size);
        return -1;
    }

    AVChannelLayout source;
    if (decoder->ch_layout.order == AV_CHANNEL_ORDER_UNSPEC) {
        util.channel_layout_default(&source, decoder->ch_layout.nb_channels);
    } else if (util.channel_layout_copy(&source, &decoder->ch_layout) < 0) {
        snprintf(reason, reason_size, "out of memory");
        return -1;
    }
    status = resample.alloc_set_opts2(&transcoder->resampler, &encoder->ch_layout, encoder->sample_fmt,
                                      encoder->sample_rate, &source, decoder->sample_fmt, decoder->sample_rate, 0,
                                      NULL);
    util.channel_layout_uninit(&source);
    if (status < 0 || resample.init(transcoder->resampler) < 0) {
        snprintf(reason, reason_size, "FFmpeg cannot convert its samples");
        return -1;
    }
    transcoder->fifo = util.fifo_alloc(encoder->sample_fmt, channels, transcoder->frame_size * 2);
    if (transcoder->fifo == NULL) {
        snprintf(reason, reason_size, "out of memory");
        return -1;
    }
    return 0;
}

bl_av_transcoder *bl_av_transcoder_open(const char *path, const bl_av_target *target, bl_av_output *output,
                                        char *reason, size_t reason_size) {
    bl_av_transcoder *transcoder = calloc(1, sizeof *transcoder);
    if (transcoder == NULL) {
        snprintf(reason, reason_size, "out of memory");
        return NULL;
    }
    if (bl_av_open_input(path, &transcoder->input, &transcoder->stream, &transcoder->decoder, reason,
                         reason_size) != 0) {
        bl_av_transcoder_close(transcoder);
        return NULL;
    }
    AVStream *stream = transcoder->input->streams[transcoder->stream];
    transcoder->time_base = stream->time_base;
    transcoder->start_time = stream->start_time != AV_NOPTS_VALUE ? stream->start_time : 0;
    transcoder->packet = codec.packet_alloc();
    transcoder->decoded = util.frame_alloc();
    int channels = transcoder->decoder->ch_layout.nb_channels;
    if (transcoder->packet == NULL || transcoder->decoded == NULL) {
        snprintf(reason, reason_size, "out of memory");
        bl_av_transcoder_close(transcoder);
        return NULL;
    }
    if (transcoder->decoder->sample_rate <= 0 || channels <= 0 || channels > 8) {
        snprintf(reason, reason_size, "its audio has %d channels at %d Hz", channels,
                 transcoder->decoder->sample_rate);
        bl_av_transcoder_close(transcoder);
        return NULL;
    }
    if (open_output(transcoder, target, reason, reason_size) != 0) {
        bl_av_transcoder_close(transcoder);
        return NULL;
    }
    int64_t duration_ms = 0;
    if (stream->duration != AV_NOPTS_VALUE && stream->duration > 0) {
        duration_ms = util.rescale_q(stream->duration, stream->time_base, (AVRational){1, 1000});
    } else if (transcoder->input->duration != AV_NOPTS_VALUE && transcoder->input->duration > 0) {
        duration_ms = util.rescale_q(transcoder->input->duration, AV_TIME_BASE_Q, (AVRational){1, 1000});
    }
    if (target->offset_ms > 0) {
        AVRational per_frame = {1, transcoder->decoder->sample_rate};
        transcoder->first_frame = util.rescale_q(target->offset_ms, (AVRational){1, 1000}, per_frame);
        int64_t time = util.rescale_q(target->offset_ms, (AVRational){1, 1000}, transcoder->time_base);
        transcoder->sought = format.seek_frame(transcoder->input, transcoder->stream,
                                               time + transcoder->start_time, AVSEEK_FLAG_BACKWARD) >= 0;
        if (transcoder->sought) codec.flush_buffers(transcoder->decoder);
    }
    output->rate = transcoder->encoder->sample_rate;
    output->channels = transcoder->encoder->ch_layout.nb_channels;
    output->duration_ms = duration_ms;
    return transcoder;
}

/// Converts `count` frames of decoded samples (from frame `from` of `frame`) into the FIFO; `frame` NULL
/// drains the resampler.
static int convert(bl_av_transcoder *transcoder, const AVFrame *frame, int from, int count) {
    int room = resample.get_out_samples(transcoder->resampler, count);
    if (room <= 0) return 0;
    if (room > transcoder->scratch_capacity) {
        if (transcoder->scratch != NULL) util.freep(&transcoder->scratch[0]);
        util.freep(&transcoder->scratch);
        transcoder->scratch_capacity = 0;
        if (util.samples_alloc_array_and_samples(&transcoder->scratch, NULL,
                                                 transcoder->encoder->ch_layout.nb_channels, room,
                                                 transcoder->encoder->sample_fmt, 0) < 0) {
            return AVERROR(ENOMEM);
        }
        transcoder->scratch_capacity = room;
    }
    const uint8_t *planes[8] = {NULL};
    if (frame != NULL) {
        int bytes = util.get_bytes_per_sample(frame->format);
        int channels = frame->ch_layout.nb_channels;
        if (util.sample_fmt_is_planar(frame->format)) {
            for (int channel = 0; channel < channels && channel < 8; channel++) {
                planes[channel] = frame->extended_data[channel] + (size_t)from * (size_t)bytes;
            }
        } else {
            planes[0] = frame->extended_data[0] + (size_t)from * (size_t)bytes * (size_t)channels;
        }
    }
    int converted =
        resample.convert(transcoder->resampler, transcoder->scratch, room, frame != NULL ? planes : NULL, count);
    if (converted < 0) return converted;
    if (converted > 0 && util.fifo_write(transcoder->fifo, (void **)transcoder->scratch, converted) < converted) {
        return AVERROR(ENOMEM);
    }
    return 0;
}

/// Places a decoded frame against where the output starts (dropping what comes before it) and converts
/// the rest.
static int take_decoded(bl_av_transcoder *transcoder) {
    AVFrame *frame = transcoder->decoded;
    int from = 0;
    if (transcoder->first_frame > 0 && !transcoder->placed) {
        int64_t time = frame->best_effort_timestamp != AV_NOPTS_VALUE ? frame->best_effort_timestamp : frame->pts;
        int64_t at;
        if (!transcoder->sought) {
            at = transcoder->counted;  // decoded from the start: count the frames
            transcoder->counted += frame->nb_samples;
        } else if (time != AV_NOPTS_VALUE) {
            at = util.rescale_q(time - transcoder->start_time, transcoder->time_base,
                                (AVRational){1, transcoder->decoder->sample_rate});
        } else {
            at = transcoder->first_frame;  // the container sought; no timestamp says otherwise
        }
        int64_t skip = transcoder->first_frame - at;
        if (skip >= frame->nb_samples) return 0;
        from = skip > 0 ? (int)skip : 0;
        transcoder->placed = 1;
    }
    return convert(transcoder, frame, from, frame->nb_samples - from);
}

/// Encodes one frame from the FIFO (`flush`: what is left of it, or the encoder's end when it is empty) and
/// writes the packets it gives.
static int encode(bl_av_transcoder *transcoder, int flush) {
    int status;
    int available = util.fifo_size(transcoder->fifo);
    if (available > 0) {
        AVFrame *frame = transcoder->frame;
        frame->nb_samples = available < transcoder->frame_size ? available : transcoder->frame_size;
        frame->format = transcoder->encoder->sample_fmt;
        frame->sample_rate = transcoder->encoder->sample_rate;
        if ((status = util.channel_layout_copy(&frame->ch_layout, &transcoder->encoder->ch_layout)) < 0 ||
            (status = util.frame_get_buffer(frame, 0)) < 0) {
            util.frame_unref(frame);
            return status;
        }
        util.fifo_read(transcoder->fifo, (void **)frame->data, frame->nb_samples);
        frame->pts = transcoder->next_pts;
        transcoder->next_pts += frame->nb_samples;
        status = codec.send_frame(transcoder->encoder, frame);
        util.frame_unref(frame);
    } else if (flush) {
        status = codec.send_frame(transcoder->encoder, NULL);
    } else {
        return 0;
    }
    if (status < 0 && status != AVERROR_EOF) return status;
    while ((status = codec.receive_packet(transcoder->encoder, transcoder->encoded)) >= 0) {
        transcoder->encoded->stream_index = 0;
        codec.packet_rescale_ts(transcoder->encoded, transcoder->encoder->time_base,
                                transcoder->output->streams[0]->time_base);
        status = format.interleaved_write_frame(transcoder->output, transcoder->encoded);
        codec.packet_unref(transcoder->encoded);
        if (status < 0) return status;
    }
    if (status == AVERROR_EOF) {
        if ((status = format.write_trailer(transcoder->output)) < 0) return status;
        transcoder->finished = 1;
        return 0;
    }
    return status == AVERROR(EAGAIN) ? 0 : status;
}

/// Decodes the next packet's frames into the FIFO (or, at the end of the source, drains the decoder and the
/// resampler).
static int decode(bl_av_transcoder *transcoder, char *reason, size_t reason_size) {
    int status = format.read_frame(transcoder->input, transcoder->packet);
    if (status == AVERROR_EOF) {
        transcoder->input_done = 1;
        codec.send_packet(transcoder->decoder, NULL);
    } else if (status < 0) {
        bl_av_describe(status, "FFmpeg cannot read it", reason, reason_size);
        return -1;
    } else {
        if (transcoder->packet->stream_index == transcoder->stream) {
            status = codec.send_packet(transcoder->decoder, transcoder->packet);
        }
        codec.packet_unref(transcoder->packet);
        // A damaged packet is skipped, as players do.
        if (status < 0 && status != AVERROR(EAGAIN) && status != AVERROR_INVALIDDATA) {
            bl_av_describe(status, "FFmpeg cannot decode it", reason, reason_size);
            return -1;
        }
    }
    while ((status = codec.receive_frame(transcoder->decoder, transcoder->decoded)) >= 0) {
        status = take_decoded(transcoder);
        util.frame_unref(transcoder->decoded);
        if (status < 0) {
            bl_av_describe(status, "FFmpeg cannot convert it", reason, reason_size);
            return -1;
        }
    }
    if (status != AVERROR(EAGAIN) && status != AVERROR_EOF && status != AVERROR_INVALIDDATA) {
        bl_av_describe(status, "FFmpeg cannot decode it", reason, reason_size);
        return -1;
    }
    if (transcoder->input_done && (status = convert(transcoder, NULL, 0, 0)) < 0) {
        bl_av_describe(status, "FFmpeg cannot convert it", reason, reason_size);
        return -1;
    }
    return 0;
}

long bl_av_transcoder_run(bl_av_transcoder *transcoder, size_t wanted, char *reason, size_t reason_size) {
    while (!transcoder->finished && transcoder->size - transcoder->offset < wanted) {
        int status = 0;
        if (util.fifo_size(transcoder->fifo) >= transcoder->frame_size ||
            (transcoder->input_done && util.fifo_size(transcoder->fifo) > 0)) {
            status = encode(transcoder, 0);
        } else if (!transcoder->input_done) {
            if (decode(transcoder, reason, reason_size) != 0) return -1;
        } else {
            status = encode(transcoder, 1);
        }
        if (status < 0) {
            if (transcoder->out_of_memory) {
                snprintf(reason, reason_size, "out of memory");
            } else {
                bl_av_describe(status, "FFmpeg cannot encode it", reason, reason_size);
            }
            return -1;
        }
    }
    return (long)(transcoder->size - transcoder->offset);
}

size_t bl_av_transcoder_take(bl_av_transcoder *transcoder, uint8_t *bytes, size_t capacity) {
    size_t count = transcoder->size - transcoder->offset;
    if (count > capacity) count = capacity;
    memcpy(bytes, transcoder->bytes + transcoder->offset, count);
    transcoder->offset += count;
    if (transcoder->offset == transcoder->size) transcoder->offset = transcoder->size = 0;
    return count;
}

int bl_av_transcoder_finished(const bl_av_transcoder *transcoder) {
    return transcoder->finished && transcoder->size == transcoder->offset;
}
