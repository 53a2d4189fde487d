// The implementation of bl_taglib.h over TagLib 1.x's C++ API. Headers are included as <taglib/...>,
// which on Debian names the same directory that `pkg-config --cflags taglib` adds (/usr/include/taglib).
// No C++ exception and no C++ type crosses the C interface: everything a caller gets is packed into one
// malloc'd block that bl_taglib_free releases.
#include "bl_taglib_shim.h"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <algorithm>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <utility>
#include <vector>

#include <taglib/aifffile.h>
#include <taglib/attachedpictureframe.h>
#include <taglib/fileref.h>
#include <taglib/flacfile.h>
#include <taglib/flacpicture.h>
#include <taglib/id3v2header.h>
#include <taglib/id3v2tag.h>
#include <taglib/mp4coverart.h>
#include <taglib/mp4file.h>
#include <taglib/mp4tag.h>
#include <taglib/mpegfile.h>
#include <taglib/synchronizedlyricsframe.h>
#include <taglib/oggfile.h>
#include <taglib/oggpageheader.h>
#include <taglib/tdebuglistener.h>
#include <taglib/tfilestream.h>
#include <taglib/tpropertymap.h>
#include <taglib/wavfile.h>
#include <taglib/xiphcomment.h>

namespace {

/// TagLib prints what it dislikes about a file to stderr; the scanner reports reasons itself.
class SilentListener : public TagLib::DebugListener {
public:
    void printMessage(const TagLib::String &) override {}
};

void silenceTagLib() {
    static SilentListener listener;
    static const bool installed = [] {
        TagLib::setDebugListener(&listener);
        return true;
    }();
    (void)installed;
}

/// The largest embedded picture taken as a cover, the same limit as a cover file or download (10 MB): a
/// larger one is passed over, never copied, so a file stuffed with pictures costs no more than one.
constexpr size_t kMaximumPictureSize = 10 * 1024 * 1024;

/// The largest ID3v2 tag read (TagLib reads a tag whole, pictures included): a file with a larger one
/// is reported rather than read, so one file cannot cost the scan hundreds of megabytes.
constexpr uint64_t kMaximumID3v2TagSize = 64 * 1024 * 1024;

/// A file stream over a descriptor the reader opened itself, which still answers to the file's name:
/// TagLib picks the format by the name's extension.
class NamedFileStream : public TagLib::FileStream {
public:
    NamedFileStream(int descriptor, const char *path, bool readOnly = true)
        : TagLib::FileStream(descriptor, readOnly), path_(path) {}
    TagLib::FileName name() const override { return path_.c_str(); }

private:
    std::string path_;
};

/// What one read found, in C++ types, before it is packed for C.
struct Reading {
    std::string error;
    int32_t errorCode = BL_TAGLIB_OK;
    int64_t durationMs = 0;
    int32_t sampleRate = 0;
    int32_t channels = 0;
    int32_t bitrate = 0;
    bool hasPicture = false;
    std::vector<std::pair<std::string, std::string>> properties;
    TagLib::ByteVector picture;
    std::string pictureMIMEType;
};

TagLib::ByteVector bytesOf(const TagLib::ID3v2::AttachedPictureFrame *frame) { return frame->picture(); }
TagLib::ByteVector bytesOf(const TagLib::FLAC::Picture *picture) { return picture->data(); }

/// Finds the front cover among pictures (else the first one); copies it when asked.
template <typename Picture, typename List, typename FrontCover>
bool choosePicture(const List &pictures, FrontCover frontCover, bool copy, Reading &reading) {
    const Picture *chosen = nullptr;
    for (auto it = pictures.begin(); it != pictures.end(); ++it) {
        const Picture *picture = *it;
        if (picture == nullptr || bytesOf(picture).size() > kMaximumPictureSize) continue;
        if (chosen == nullptr) chosen = picture;
        if (picture->type() == frontCover) {
            chosen = picture;
            break;
        }
    }
    if (chosen == nullptr) return false;
    if (copy) {
        reading.picture = bytesOf(chosen);
        reading.pictureMIMEType = chosen->mimeType().to8Bit(true);
    }
    return true;
}

bool id3v2Picture(TagLib::ID3v2::Tag *tag, bool copy, Reading &reading) {
    if (tag == nullptr) return false;
    std::vector<const TagLib::ID3v2::AttachedPictureFrame *> frames;
    const TagLib::ID3v2::FrameList list = tag->frameList("APIC");
    for (auto it = list.begin(); it != list.end(); ++it) {
        frames.push_back(dynamic_cast<const TagLib::ID3v2::AttachedPictureFrame *>(*it));
    }
    return choosePicture<TagLib::ID3v2::AttachedPictureFrame>(
        frames, TagLib::ID3v2::AttachedPictureFrame::FrontCover, copy, reading);
}

bool flacPicture(const TagLib::List<TagLib::FLAC::Picture *> &list, bool copy, Reading &reading) {
    return choosePicture<TagLib::FLAC::Picture>(list, TagLib::FLAC::Picture::FrontCover, copy, reading);
}

bool mp4Picture(TagLib::MP4::Tag *tag, bool copy, Reading &reading) {
    if (tag == nullptr || !tag->contains("covr")) return false;
    const TagLib::MP4::CoverArtList covers = tag->item("covr").toCoverArtList();
    auto usable = covers.begin();
    while (usable != covers.end() && usable->data().size() > kMaximumPictureSize) ++usable;
    if (usable == covers.end()) return false;
    if (copy) {
        const TagLib::MP4::CoverArt &cover = *usable;
        reading.picture = cover.data();
        switch (cover.format()) {
        case TagLib::MP4::CoverArt::JPEG: reading.pictureMIMEType = "image/jpeg"; break;
        case TagLib::MP4::CoverArt::PNG: reading.pictureMIMEType = "image/png"; break;
        case TagLib::MP4::CoverArt::BMP: reading.pictureMIMEType = "image/bmp"; break;
        case TagLib::MP4::CoverArt::GIF: reading.pictureMIMEType = "image/gif"; break;
        default: reading.pictureMIMEType = ""; break;
        }
    }
    return true;
}

/// Looks for the embedded picture where each format keeps it.
bool findPicture(TagLib::File *file, bool copy, Reading &reading) {
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) {
        return mpeg->hasID3v2Tag() && id3v2Picture(mpeg->ID3v2Tag(), copy, reading);
    }
    if (auto *flac = dynamic_cast<TagLib::FLAC::File *>(file)) {
        if (flacPicture(flac->pictureList(), copy, reading)) return true;
        if (flac->hasXiphComment() && flacPicture(flac->xiphComment()->pictureList(), copy, reading)) {
            return true;
        }
        return flac->hasID3v2Tag() && id3v2Picture(flac->ID3v2Tag(), copy, reading);
    }
    if (auto *mp4 = dynamic_cast<TagLib::MP4::File *>(file)) {
        return mp4->hasMP4Tag() && mp4Picture(mp4->tag(), copy, reading);
    }
    if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file)) {
        return wav->hasID3v2Tag() && id3v2Picture(wav->ID3v2Tag(), copy, reading);
    }
    if (auto *aiff = dynamic_cast<TagLib::RIFF::AIFF::File *>(file)) {
        return aiff->hasID3v2Tag() && id3v2Picture(aiff->tag(), copy, reading);
    }
    if (dynamic_cast<TagLib::Ogg::File *>(file) != nullptr) {
        auto *xiph = dynamic_cast<TagLib::Ogg::XiphComment *>(file->tag());
        return xiph != nullptr && flacPicture(xiph->pictureList(), copy, reading);
    }
    return false;
}

/// The file's tags; a WAV file without an ID3v2 chunk falls back to its RIFF INFO chunk.
TagLib::PropertyMap propertiesOf(TagLib::File *file) {
    if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file)) {
        if (!wav->hasID3v2Tag() && wav->hasInfoTag()) return wav->InfoTag()->properties();
    }
    return file->properties();
}

/// The ID3v2 tag of a file that can have one (MP3, AIFF, WAV), or null.
TagLib::ID3v2::Tag *id3v2Of(TagLib::File *file) {
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) return mpeg->hasID3v2Tag() ? mpeg->ID3v2Tag() : nullptr;
    if (auto *aiff = dynamic_cast<TagLib::RIFF::AIFF::File *>(file)) return aiff->hasID3v2Tag() ? aiff->tag() : nullptr;
    if (auto *wav = dynamic_cast<TagLib::RIFF::WAV::File *>(file)) return wav->hasID3v2Tag() ? wav->ID3v2Tag() : nullptr;
    return nullptr;
}

/// Each ID3v2 SYLT frame (synchronised lyrics) timed in milliseconds, as the property `SYLT` holding LRC
/// text — its language (`[la:eng]`), then a line per entry, `[mm:ss.mmm]` and its words — which the
/// lyrics reader parses as it parses an `.lrc` file. Frames timed in MPEG frames are passed over.
void syncedLyrics(TagLib::File *file, Reading &reading) {
    TagLib::ID3v2::Tag *tag = id3v2Of(file);
    if (tag == nullptr) return;
    const TagLib::ID3v2::FrameListMap &frames = tag->frameListMap();
    const auto found = frames.find("SYLT");
    if (found == frames.end()) return;
    for (TagLib::ID3v2::Frame *frame : found->second) {
        auto *sylt = dynamic_cast<TagLib::ID3v2::SynchronizedLyricsFrame *>(frame);
        if (sylt == nullptr || sylt->timestampFormat() != TagLib::ID3v2::SynchronizedLyricsFrame::AbsoluteMilliseconds) {
            continue;
        }
        std::string text;
        const TagLib::ByteVector language = sylt->language();
        if (language.size() == 3) text += "[la:" + std::string(language.data(), 3) + "]\n";
        const TagLib::ID3v2::SynchronizedLyricsFrame::SynchedTextList lines = sylt->synchedText();
        for (auto line = lines.begin(); line != lines.end(); ++line) {
            char stamp[32];
            std::snprintf(stamp, sizeof stamp, "[%02u:%02u.%03u]", line->time / 60000, line->time / 1000 % 60,
                          line->time % 1000);
            std::string words = line->text.to8Bit(true);
            std::replace(words.begin(), words.end(), '\n', ' ');
            std::replace(words.begin(), words.end(), '\r', ' ');
            text += stamp + words + "\n";
        }
        reading.properties.emplace_back("SYLT", text);
    }
}

/// The size of the ID3v2 tag at the start of a file (its header included), or 0 when there is none.
uint64_t id3v2TagSize(int descriptor) {
    unsigned char header[10] = {0};
    if (pread(descriptor, header, sizeof header, 0) != sizeof header || std::memcmp(header, "ID3", 3) != 0) {
        return 0;
    }
    return 10 + (static_cast<uint64_t>(header[6] & 0x7F) << 21 | (header[7] & 0x7F) << 14 |
                 (header[8] & 0x7F) << 7 | (header[9] & 0x7F));
}

/// Whether the file is a raw AAC stream (ADTS, perhaps after an ID3v2 tag), which TagLib 1.x cannot
/// read, so the reason given can say so.
bool isRawAAC(int descriptor) {
    unsigned char sync[2] = {0};
    return pread(descriptor, sync, sizeof sync, static_cast<off_t>(id3v2TagSize(descriptor))) == sizeof sync &&
           sync[0] == 0xFF && (sync[1] & 0xF6) == 0xF0;
}

/// The length of an Ogg stream from its last page's granule position, for streams whose headers do not
/// say (ffmpeg's Ogg FLAC leaves the total sample count at zero).
int64_t oggLengthMs(TagLib::File *file, int32_t sampleRate) {
    auto *ogg = dynamic_cast<TagLib::Ogg::File *>(file);
    if (ogg == nullptr || sampleRate <= 0) return 0;
    const TagLib::Ogg::PageHeader *last = ogg->lastPageHeader();
    if (last == nullptr || last->absoluteGranularPosition() <= 0) return 0;
    return last->absoluteGranularPosition() * 1000 / sampleRate;
}

/// Opens the file for reading, or says why it cannot be read. The open never waits — a FIFO put where a
/// file was would block it until a writer came — and follows no symbolic link (the scan follows none;
/// a file replaced by one after the walk is not read); anything but a non-empty regular file is refused.
/// TagLib then reads this very descriptor, so what was checked is what is read.
int openChecked(const char *path, std::string &problem) {
    int descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW);
    if (descriptor < 0) {
        char buffer[256];
        problem = errno == ELOOP ? std::string("a symbolic link, not a file")
                                 : std::string("cannot open the file: ") + strerror_r(errno, buffer, sizeof buffer);
        return -1;
    }
    struct stat status;
    if (fstat(descriptor, &status) != 0) {
        char buffer[256];
        problem = std::string("cannot open the file: ") + strerror_r(errno, buffer, sizeof buffer);
    } else if (!S_ISREG(status.st_mode)) {
        problem = "not a regular file";
    } else if (status.st_size == 0) {
        problem = "the file is empty";
    } else if (id3v2TagSize(descriptor) > kMaximumID3v2TagSize) {
        problem = "its ID3v2 tag is " + std::to_string(id3v2TagSize(descriptor) / (1024 * 1024)) +
                  " MB, more than the " + std::to_string(kMaximumID3v2TagSize / (1024 * 1024)) + " MB read";
    }
    if (!problem.empty()) {
        close(descriptor);
        return -1;
    }
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
    return descriptor;
}

void read(const char *path, bool copyPicture, Reading &reading) {
    int descriptor = openChecked(path, reading.error);
    if (descriptor < 0) {
        reading.errorCode = BL_TAGLIB_CANNOT_OPEN;
        return;
    }
    silenceTagLib();
    NamedFileStream stream(descriptor, path);  // owns the descriptor from here (fdopen)
    if (!stream.isOpen()) {
        close(descriptor);
        reading.error = "cannot open the file: out of memory";
        reading.errorCode = BL_TAGLIB_CANNOT_OPEN;
        return;
    }
    TagLib::FileRef ref(&stream, true, TagLib::AudioProperties::Average);
    if (ref.isNull()) {
        reading.error = isRawAAC(descriptor) ? "a raw AAC (ADTS) stream, which TagLib 1.x cannot read"
                                             : "not an audio file TagLib can read (unknown format or damaged)";
        reading.errorCode = BL_TAGLIB_NOT_AUDIO;
        return;
    }
    // TagLib takes any file named .mp3 for MPEG audio, even text; such a file has no sample rate.
    TagLib::AudioProperties *audio = ref.audioProperties();
    if (audio == nullptr || audio->sampleRate() <= 0) {
        reading.error = "not an audio file TagLib can read (no audio stream found)";
        reading.errorCode = BL_TAGLIB_NOT_AUDIO;
        return;
    }
    reading.sampleRate = audio->sampleRate();
    reading.durationMs = audio->lengthInMilliseconds();
    if (reading.durationMs <= 0) reading.durationMs = oggLengthMs(ref.file(), reading.sampleRate);
    // Headers and tags but no audio after them: a file cut short (an Ogg cut to its first pages, say)
    // is no track of 0:00.
    if (reading.durationMs <= 0) {
        reading.error = "no audio after its headers (the file is cut short or damaged)";
        reading.errorCode = BL_TAGLIB_NOT_AUDIO;
        return;
    }
    reading.channels = audio->channels();
    reading.bitrate = audio->bitrate();
    const TagLib::PropertyMap map = propertiesOf(ref.file());
    for (auto entry = map.begin(); entry != map.end(); ++entry) {
        const std::string key = entry->first.to8Bit(true);
        for (auto value = entry->second.begin(); value != entry->second.end(); ++value) {
            reading.properties.emplace_back(key, value->to8Bit(true));
        }
    }
    syncedLyrics(ref.file(), reading);
    reading.hasPicture = findPicture(ref.file(), copyPicture, reading);
}

/// Copies a string into the block at `cursor` and returns where it starts.
const char *place(const std::string &text, char *&cursor) {
    char *start = cursor;
    std::memcpy(cursor, text.c_str(), text.size() + 1);
    cursor += text.size() + 1;
    return start;
}

/// Packs a reading into one allocation: the struct, the property array, then the bytes.
bl_taglib_file *pack(const Reading &reading) {
    size_t size = sizeof(bl_taglib_file) + reading.properties.size() * sizeof(bl_taglib_property);
    for (const auto &property : reading.properties) {
        size += property.first.size() + property.second.size() + 2;
    }
    size += reading.picture.size() + reading.pictureMIMEType.size() + 1 + reading.error.size() + 1;
    auto *file = static_cast<bl_taglib_file *>(std::calloc(1, size));
    if (file == nullptr) return nullptr;
    auto *properties = reinterpret_cast<bl_taglib_property *>(file + 1);
    char *cursor = reinterpret_cast<char *>(properties + reading.properties.size());
    if (!reading.error.empty()) {
        file->error = place(reading.error, cursor);
        file->error_code = reading.errorCode;
        return file;
    }
    file->duration_ms = reading.durationMs;
    file->sample_rate = reading.sampleRate;
    file->channels = reading.channels;
    file->bitrate = reading.bitrate;
    file->has_picture = reading.hasPicture ? 1 : 0;
    for (size_t index = 0; index < reading.properties.size(); index++) {
        properties[index].key = place(reading.properties[index].first, cursor);
        properties[index].value = place(reading.properties[index].second, cursor);
    }
    file->properties = properties;
    file->property_count = reading.properties.size();
    if (!reading.picture.isEmpty()) {
        std::memcpy(cursor, reading.picture.data(), reading.picture.size());
        file->picture = reinterpret_cast<const uint8_t *>(cursor);
        file->picture_size = reading.picture.size();
        cursor += reading.picture.size();
        file->picture_mime_type = place(reading.pictureMIMEType, cursor);
    }
    return file;
}

/// Copies a message into the caller's buffer, cut to fit.
int32_t fail(int32_t code, const std::string &message, char *error, size_t error_size) {
    if (error != nullptr && error_size > 0) {
        size_t length = std::min(message.size(), error_size - 1);
        std::memcpy(error, message.data(), length);
        error[length] = '\0';
    }
    return code;
}

int32_t write(const char *path, const bl_taglib_property *properties, size_t count, const char *const *keys,
              size_t keyCount, char *error, size_t errorSize) {
    int descriptor = open(path, O_RDWR | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | O_NOFOLLOW);
    if (descriptor < 0) {
        char buffer[256];
        return fail(BL_TAGLIB_CANNOT_OPEN,
                    std::string("cannot open the file for writing: ") + strerror_r(errno, buffer, sizeof buffer),
                    error, errorSize);
    }
    struct stat status;
    if (fstat(descriptor, &status) != 0 || !S_ISREG(status.st_mode)) {
        close(descriptor);
        return fail(BL_TAGLIB_CANNOT_OPEN, "not a regular file", error, errorSize);
    }
    if (id3v2TagSize(descriptor) > kMaximumID3v2TagSize) {
        close(descriptor);
        return fail(BL_TAGLIB_CANNOT_OPEN, "its ID3v2 tag is larger than the 64 MB read", error, errorSize);
    }
    fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
    silenceTagLib();
    NamedFileStream stream(descriptor, path, false);  // owns the descriptor from here
    if (!stream.isOpen()) {
        close(descriptor);
        return fail(BL_TAGLIB_CANNOT_OPEN, "cannot open the file: out of memory", error, errorSize);
    }
    TagLib::FileRef ref(&stream, false);
    if (ref.isNull() || ref.file() == nullptr || !ref.file()->isValid()) {
        return fail(BL_TAGLIB_NOT_AUDIO, "not an audio file TagLib can write", error, errorSize);
    }
    TagLib::File *file = ref.file();
    TagLib::PropertyMap map = file->properties();
    for (size_t index = 0; index < keyCount; index++) {
        map.erase(TagLib::String(keys[index], TagLib::String::UTF8));
    }
    for (size_t index = 0; index < count; index++) {
        TagLib::String key(properties[index].key, TagLib::String::UTF8);
        TagLib::StringList values = map[key];
        values.append(TagLib::String(properties[index].value, TagLib::String::UTF8));
        map.replace(key, values);
    }
    // An ID3v2.3 tag keeps one genre of text (TagLib writes only genres of ID3v1's list as several), so
    // several are joined by "; " there, which the reader cuts again, rather than all but the first lost.
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) {
        if (mpeg->hasID3v2Tag() && mpeg->ID3v2Tag()->header()->majorVersion() == 3 && map["GENRE"].size() > 1) {
            map.replace("GENRE", TagLib::StringList(map["GENRE"].toString("; ")));
        }
    }
    file->setProperties(map);
    bool saved;
    if (auto *mpeg = dynamic_cast<TagLib::MPEG::File *>(file)) {
        int tags = TagLib::MPEG::File::ID3v2 | (mpeg->hasID3v1Tag() ? TagLib::MPEG::File::ID3v1 : 0);
        bool three = mpeg->hasID3v2Tag() && mpeg->ID3v2Tag()->header()->majorVersion() == 3;
        saved = mpeg->save(tags, TagLib::File::StripNone, three ? TagLib::ID3v2::v3 : TagLib::ID3v2::v4,
                           TagLib::File::DoNotDuplicate);
    } else {
        saved = file->save();
    }
    if (!saved) return fail(BL_TAGLIB_FAILED, "TagLib could not save the tags", error, errorSize);
    // The stream (its stdio buffer) is flushed and closed when it goes; the caller then syncs the file.
    return BL_TAGLIB_OK;
}

}  // namespace

extern "C" int32_t bl_taglib_write(const char *path, const bl_taglib_property *properties, size_t count,
                                   const char *const *keys, size_t key_count, char *error, size_t error_size) {
    try {
        if (path == nullptr) return fail(BL_TAGLIB_CANNOT_OPEN, "no path", error, error_size);
        return write(path, properties, count, keys, key_count, error, error_size);
    } catch (...) {
        return fail(BL_TAGLIB_FAILED, "TagLib failed while writing the file", error, error_size);
    }
}

extern "C" bl_taglib_file *bl_taglib_read(const char *path, int32_t flags) {
    try {
        Reading reading;
        if (path == nullptr) {
            reading.error = "no path";
            reading.errorCode = BL_TAGLIB_CANNOT_OPEN;
        } else {
            read(path, (flags & BL_TAGLIB_READ_PICTURE) != 0, reading);
        }
        return pack(reading);
    } catch (const std::bad_alloc &) {
        return nullptr;
    } catch (...) {
        Reading failure;
        failure.error = "TagLib failed while reading the file";
        failure.errorCode = BL_TAGLIB_FAILED;
        try {
            return pack(failure);
        } catch (...) {
            return nullptr;
        }
    }
}

extern "C" void bl_taglib_free(bl_taglib_file *file) { std::free(file); }

extern "C" int32_t bl_taglib_api_version(void) { return BL_TAGLIB_API_VERSION; }
