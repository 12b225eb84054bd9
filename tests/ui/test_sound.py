"""Sound plays where it can and is silent (never an error) where it cannot."""

from __future__ import annotations

import wave
from pathlib import Path

from companion.ui.sound import SoundPlayer


def write_wav(path: Path) -> Path:
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(22050)
        f.writeframes(b"\x00\x10" * 2205)
    return path


def test_sound_off_plays_nothing(tmp_path: Path) -> None:
    assert SoundPlayer(enabled=False).play(write_wav(tmp_path / "tick.wav")) is False


def test_a_missing_or_broken_file_is_silent(tmp_path: Path) -> None:
    player = SoundPlayer()
    broken = tmp_path / "broken.wav"
    broken.write_bytes(b"not a wav")
    assert player.play(tmp_path / "missing.wav") is False
    assert player.play(broken) is False


def test_a_real_wav_plays_on_the_dummy_audio_driver(tmp_path: Path) -> None:
    player = SoundPlayer()
    assert player.play(write_wav(tmp_path / "tick.wav")) is True


def test_stop_silences_a_playing_sound_and_ignores_unknown_ones(tmp_path: Path) -> None:
    player = SoundPlayer()
    tick = write_wav(tmp_path / "tick.wav")
    assert player.play(tick) is True
    player.stop(tick)
    assert player._cache[str(tick)].state == "stop"
    player.stop(tmp_path / "never-played.wav")


def test_every_sound_starts_at_the_players_volume(tmp_path: Path) -> None:
    player = SoundPlayer(volume=0.3)
    tick = write_wav(tmp_path / "tick.wav")
    assert player.play(tick) is True
    assert player._cache[str(tick)].volume == 0.3
    player.volume = 0.0  # muted from Settings: the next start is silent
    assert player.play(tick) is True
    assert player._cache[str(tick)].volume == 0.0


def test_a_preloaded_sound_is_ready_before_it_is_played(tmp_path: Path) -> None:
    player = SoundPlayer()
    tick = write_wav(tmp_path / "tick.wav")
    assert player.preload(tick) is True and str(tick) in player._cache
    assert SoundPlayer(enabled=False).preload(tick) is False
