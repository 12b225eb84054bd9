"""Settings: validated, saved atomically, and a damaged file never stops the app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion import settings as settings_mod
from companion.devices.pins import DEFAULT_PINS
from companion.settings import Settings, SettingsError


def test_defaults_when_there_is_no_file(tmp_path: Path) -> None:
    loaded, problem = settings_mod.load(tmp_path / "settings.json")
    assert problem is None
    assert loaded.pins == DEFAULT_PINS and loaded.sound is True and loaded.tempo == 1.0


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    chosen = Settings(serial_port="/dev/ttyACM0", sound=False)
    chosen.set_tempo(1.5)
    chosen.set_pin("tap_button", 22)
    settings_mod.save(chosen, path)
    loaded, problem = settings_mod.load(path)
    assert problem is None and loaded == chosen


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{oops", "Expecting property name"),
        ("[]", "JSON object"),
        ('{"tempo": 9}', "tempo must be 0.5-2.0"),
        ('{"sound": "loud"}', "sound must be true or false"),
        ('{"turntable_analog": 1}', "turntable_analog must be true or false"),
        ('{"pins": {"tap_button": 17}}', "GPIO17 is given to two devices"),
        ('{"pins": {"laser": 4}}', "pins.laser: there is no such device role"),
        ('{"pins": {"buzzer": 40}}', "pins.buzzer must be a GPIO number 2-27"),
    ],
)
def test_a_bad_file_is_moved_aside_with_a_message(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content)
    loaded, problem = settings_mod.load(path)
    assert loaded == Settings()
    assert problem is not None and message in problem and str(path) in problem
    assert not path.exists()
    moved = list(tmp_path.glob("settings.json.corrupt-*"))
    assert len(moved) == 1 and moved[0].read_text() == content


def test_setters_refuse_bad_values() -> None:
    chosen = Settings()
    with pytest.raises(SettingsError, match="already used by bag_button"):
        chosen.set_pin("tap_button", DEFAULT_PINS["bag_button"])
    with pytest.raises(SettingsError, match="not a usable pin"):
        chosen.set_pin("buzzer", 1)
    with pytest.raises(SettingsError, match="0.5-2.0"):
        chosen.set_tempo(0.1)


def test_house_rules_are_validated_against_the_game(
    tmp_path: Path, die_race_registered: object
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"house_rules": {"die-race": {"target": 8}, "gone-game": {"x": 1}}}))
    loaded, problem = settings_mod.load(path)
    assert problem is None
    assert loaded.options_for("die-race") == {"target": 8}
    path.write_text(json.dumps({"house_rules": {"die-race": {"target": 99}}}))
    _, problem = settings_mod.load(path)
    assert problem is not None and 'Die Race (test game): "Target" can be a whole number' in problem


def test_stepping_a_pin_skips_the_pins_other_devices_use() -> None:
    from companion.settings import next_free_pin

    pins = dict(DEFAULT_PINS)  # bag 17, buzzer 18, tap 27, leds 5 6 26
    assert next_free_pin(pins, "bag_button", +1) == 19
    assert next_free_pin(pins, "led_blue", +1) == 28  # past the last usable pin: refused later
    assert next_free_pin(pins, "led_green", -1) == 4


def test_a_stale_house_rule_is_reset_alone_and_the_rest_is_kept(
    tmp_path: Path, die_race_registered: object
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(
        json.dumps(
            {
                "sound": False,
                "house_rules": {"die-race": {"target": 99}, "future-game": {"x": 1}},
            }
        )
    )
    loaded, problem = settings_mod.load(path)
    assert (
        problem is not None
        and "are back to the game's own rules" in problem
        and "Target" in problem
    )
    assert path.exists() and not list(tmp_path.glob("*.corrupt-*"))
    assert loaded.sound is False
    assert loaded.options_for("die-race") == {"target": 5}
    assert loaded.house_rules["future-game"] == {"x": 1}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("[" * 100_000, "nested more than"),
        ('{"tempo": ' + "1" * 5000 + "}", "has 5000 digits"),
        ('{"tempo": NaN}', "NaN is not a number"),
        ('{"tempo": 1e999}', "too large"),
        ('{"house_rules": {"beware-of-the-wolf": {"midline_tolerance": Infinity}}}', "Infinity"),
    ],
    ids=["deep brackets", "5000 digits", "NaN", "1e999", "Infinity"],
)
def test_a_file_of_numbers_that_are_not_numbers_is_moved_aside(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "settings.json"
    path.write_text(content)
    loaded, problem = settings_mod.load(path)
    assert loaded == Settings()
    assert problem is not None and message in problem and str(path) in problem
    assert not path.exists() and len(list(tmp_path.glob("settings.json.corrupt-*"))) == 1


def test_unknown_top_level_keys_are_kept_on_save(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"sound": False, "screen_brightness": 70, "future": {"a": [1]}}))
    loaded, problem = settings_mod.load(path)
    assert problem is None and loaded.sound is False
    loaded.set_tempo(1.5)
    settings_mod.save(loaded, path)
    saved = json.loads(path.read_text())
    assert saved["screen_brightness"] == 70 and saved["future"] == {"a": [1]}
    assert saved["tempo"] == 1.5 and "unknown" not in saved


def test_the_settings_file_is_private_whatever_the_umask(tmp_path: Path) -> None:
    import os
    import stat

    old = os.umask(0o022)
    try:
        settings_mod.save(Settings(), tmp_path / "settings.json")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "settings.json").stat().st_mode) == 0o600


def test_a_world_readable_settings_file_is_made_private_on_load(tmp_path: Path) -> None:
    import os
    import stat

    path = tmp_path / "settings.json"
    path.write_text('{"sound": false}')
    os.chmod(path, 0o644)
    loaded, problem = settings_mod.load(path)
    assert problem is None and loaded.sound is False
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_a_directory_in_place_of_the_settings_file_is_moved_aside(tmp_path: Path) -> None:
    (tmp_path / "settings.json").mkdir()
    loaded, problem = settings_mod.load(tmp_path / "settings.json")
    assert loaded == Settings() and problem is not None and "moved to" in problem


def test_a_house_rule_the_game_does_not_have_is_dropped_by_name(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"house_rules": {"le-petit-poucet": {"zz": 1}}}))
    loaded, problem = settings_mod.load(path)
    assert problem is not None
    assert 'Le Petit Poucet: "zz", a rule this version does not have' in problem
    assert "zz" not in loaded.house_rules.get("le-petit-poucet", {})


def test_the_volume_is_kept_and_bad_volumes_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    assert Settings().volume == 80
    chosen = Settings()
    chosen.set_volume(30)
    settings_mod.save(chosen, path)
    loaded, problem = settings_mod.load(path)
    assert problem is None and loaded.volume == 30
    for bad in (-10, 110, 55.5, True, "loud"):
        with pytest.raises(SettingsError, match="volume"):
            Settings().set_volume(bad)  # type: ignore[arg-type]


def test_house_rules_kept_unchecked_at_start_are_checked_and_named_on_first_use(
    tmp_path: Path,
) -> None:
    """A start checks no game's house rules (that would import every engine): each game's
    are checked when first used, and the rules reset are named once, with the file."""
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"house_rules": {"le-petit-poucet": {"zz": 1}}}))
    loaded, problem = settings_mod.load(path, check_now=False)
    assert problem is None and loaded.house_rules == {"le-petit-poucet": {"zz": 1}}
    assert "zz" not in loaded.options_for("le-petit-poucet")
    assert "zz" not in loaded.house_rules.get("le-petit-poucet", {})
    note = loaded.take_note("le-petit-poucet")
    assert note is not None and f"(saved in {path})" in note
    assert 'Le Petit Poucet: "zz", a rule this version does not have' in note
    assert loaded.take_note("le-petit-poucet") is None  # said once


def test_a_fitting_house_rule_kept_unchecked_is_used_and_saved_unchanged(tmp_path: Path) -> None:
    from companion.engines import registry

    game = next(g for g in registry.all_games() if g.options)
    option = game.options[0]
    chosen = Settings()
    chosen.set_option(game.id, option.key, option.default, game)
    path = tmp_path / "settings.json"
    settings_mod.save(chosen, path)
    loaded, problem = settings_mod.load(path, check_now=False)
    assert problem is None and loaded == chosen
    assert loaded.options_for(game.id)[option.key] == option.default
    assert loaded.take_note(game.id) is None
    settings_mod.save(loaded, path)
    assert settings_mod.load(path)[0] == chosen
