"""A saved Gingerdead House game resumes with the box it was played with: its box
version (a record without one is version 1), the owner's box saved with it, and a
card added at a flip (the journal's setup corrected, every step so far replayed)."""

from __future__ import annotations

from pathlib import Path

from companion.engines.gingerdead_house import GAME, NewCard, box_edits, box_toml
from companion.session.journal import Journal, Source
from companion.session.session import Session


def _journal(tmp_path: Path) -> Journal:
    return Journal(tmp_path / "journal.sqlite3")


def _to_the_action_flip(session: Session) -> None:
    """Both players' set-up, entered as the table did it (table decks)."""
    for _ in range(2):
        for lane in (1, 2, 3):
            session.apply(session.state.key_to_action("reveal Plain Defense 3"), Source.MANUAL)
            session.apply(
                session.state.key_to_action(f"place Plain Defense 3 at lane {lane} row 1")
            )
        for _ in range(5):
            session.apply(session.state.key_to_action("draw a card"), Source.MANUAL)


def test_a_game_keeps_its_box_version_and_one_saved_without_it_plays_version_1(
    tmp_path: Path,
) -> None:
    journal = _journal(tmp_path)
    new = Session.start(journal, GAME, 2, {}, seed=1, setup=GAME.new_game_setup())
    old = Session.start(journal, GAME, 2, {}, seed=1)
    assert Session.resume(journal, new.record.id).game.catalogue.version == 2
    assert Session.resume(journal, old.record.id).game.catalogue.version == 1
    journal.close()


def test_a_card_added_at_its_flip_is_in_the_resumed_game(tmp_path: Path) -> None:
    journal = _journal(tmp_path)
    session = Session.start(
        journal, GAME, 2, {"player_decks": "table"}, seed=3, setup=GAME.new_game_setup()
    )
    _to_the_action_flip(session)
    box, card_id = box_edits.with_new_card(
        session.game.catalogue, NewCard("action", "Hail", flips=3)
    )
    journal.change_setup(session.record.id, {"box": box_toml(box)})
    session = Session.resume(journal, session.record.id)
    session.apply(session.state.key_to_action("flip Hail"), Source.MANUAL)
    again = Session.resume(journal, session.record.id)
    assert again.state.to_dict() == session.state.to_dict()
    assert again.state.action_card == card_id and again.state.flips_left == 3
    journal.close()
