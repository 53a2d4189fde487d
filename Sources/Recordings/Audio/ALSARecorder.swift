import AudioKit
import Dispatch
import Foundation
import Synchronization

/// Records from an ALSA device on a thread of its own (blocking reads never touch Swift's cooperative
/// pool). The recording is as long as the app's clock says: the thread keeps no more frames than the
/// clock allows — the `null` device delivers them without pacing — and ``stop()`` pads with silence
/// up to the clock's length, so a two-second recording is a two-second file on any device.
final class ALSARecorder: AudioRecorder {
    private let clock: any MonotonicClock
    private let started: Double
    private var stoppedAt: Double?
    private let control = CaptureControl()
    private let writer: WriterBox
    private let finished = DispatchGroup()

    init(device: String, path: String, clock: any MonotonicClock) throws(AudioError) {
        let pcm = try PCMDevice(name: device, capture: true, format: AudioFormat.sampleFormat)
        let writer: WAVWriter
        do {
            writer = try WAVWriter(path: path)
        } catch {
            pcm.close()
            throw error
        }
        self.clock = clock
        self.writer = WriterBox(writer: writer)
        started = clock.now()
        finished.enter()
        let (control, box, group, start) = (control, self.writer, finished, started)
        let thread = Thread {
            Self.capture(from: pcm, into: box.writer, control: control, clock: clock, started: start)
            pcm.drop()
            pcm.close()
            group.leave()
        }
        thread.name = "recordings.capture"
        thread.start()
    }

    private static func capture(
        from pcm: PCMDevice, into writer: WAVWriter, control: CaptureControl, clock: any MonotonicClock,
        started: Double
    ) {
        let chunk = 2048
        var buffer = [Int16](repeating: 0, count: chunk)
        while !control.stopRequested {
            let allowed = AudioFormat.frames(in: clock.now() - started) - writer.frames
            // Wait for at least 10 ms of audio: the null device would otherwise be read a frame at a time.
            guard allowed >= AudioFormat.sampleRate / 100 else {
                usleep(5_000)
                continue
            }
            do {
                let count = try pcm.read(into: &buffer, frames: min(allowed, chunk))
                if count > 0 { try writer.append(Array(buffer[0..<count])) }
            } catch {
                control.fail(error)
                return
            }
        }
    }

    var elapsed: Double { (stoppedAt ?? clock.now()) - started }

    var failure: AudioError? { control.failure }

    func stop() throws(AudioError) -> Double {
        let length = elapsed
        stoppedAt = started + length
        control.requestStop()
        finished.wait()
        if let failure = control.failure {
            writer.writer.discard()
            throw failure
        }
        let missing = AudioFormat.frames(in: length) - writer.writer.frames
        do {
            if missing > 0 { try writer.writer.appendSilence(missing) }
            try writer.writer.finish()
        } catch {
            writer.writer.discard()
            throw error
        }
        return AudioFormat.seconds(in: writer.writer.frames)
    }

    func cancel() {
        stoppedAt = stoppedAt ?? clock.now()
        control.requestStop()
        finished.wait()
        writer.writer.discard()
    }
}

/// The stop request and the failure, shared by the recorder and its capture thread.
private final class CaptureControl: Sendable {
    private let state = Mutex<(stop: Bool, failure: AudioError?)>((false, nil))

    var stopRequested: Bool { state.withLock { $0.stop } }
    var failure: AudioError? { state.withLock { $0.failure } }
    func requestStop() { state.withLock { $0.stop = true } }
    func fail(_ error: AudioError) { state.withLock { $0.failure = error } }
}

/// The WAV writer handed from the recorder to its capture thread and back.
private final class WriterBox: @unchecked Sendable {
    // @unchecked Sendable: the capture thread alone uses the writer until it finishes; the recorder
    // touches it only after waiting for that (`finished.wait()`).
    let writer: WAVWriter

    init(writer: WAVWriter) {
        self.writer = writer
    }
}
