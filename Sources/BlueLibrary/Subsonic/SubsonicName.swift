/// The names of the fields and elements of a Subsonic answer (the OpenSubsonic specification's), a
/// closed set: an answer names each field and element by one of these, so a misspelt name does not
/// compile, and every name the server writes is listed once, here.
enum SubsonicName: String, Sendable {
    case adminRole, album, albumArtists, albumCount, albumGain, albumId, albumInfo, albumList,
        albumList2, albumPeak, artist, artistId, artistInfo, artistInfo2, artists, audioBitrate,
        biography, bitRate, bookmark, bookmarks, canDirectPlay, canTranscode, changed, changedBy,
        chatMessages, child, code, codec, comment, commentRole, container, contentType, count, coverArt,
        coverArtRole, created, current, currentIndex, description, directory, discNumber, discSubtitle,
        displayAlbumArtist, displayArtist, displayTitle, downloadRole, duration, entry, error,
        errorReason, expires, folder, gain, genre, genres, homepageUrl, id, ignoredArticles, index,
        indexes, internetRadioStation, internetRadioStations, isDir, isVideo, jukeboxPlaylist,
        jukeboxRole, jukeboxStatus, lang, lastModified, lastVisited, license, line, lyrics, lyricsList,
        maxBitRate, mediaType, message, minutesAgo, musicBrainzId, musicFolder, musicFolders, name,
        newestPodcasts, notes, nowPlaying, offset, openSubsonic, openSubsonicExtensions, owner, parent,
        path, playCount, playQueue, playQueueByIndex, played, playerId, playerName, playing, playlist,
        playlistRole, playlists, podcastRole, podcasts, position, `protocol`, `public`, randomSongs,
        replayGain, scanStatus, scanning, scrobblingEnabled, searchResult2, searchResult3,
        serverVersion, settingsRole, share, shareRole, shares, similarArtist, similarSongs,
        similarSongs2, size, song, songCount, songsByGenre, sourceStream, starred, starred2, start,
        status, streamRole, streamUrl, structuredLyrics, suffix, synced, title, tokenInfo, topSongs,
        track, trackGain, trackPeak, transcodeDecision, transcodeParams, transcodeReason,
        transcodeStream, type, uploadRole, url, user, userRating, username, users, valid, version,
        versions, videoConversionRole, videos, visitCount, year
}
