"""Card set v2 (`data/dine/cards-dine-2.json`, issue 16 item 2): the candidate of rules version dine-2,
measured with `python -m tools.balance --rules dine-2`. New games are still dealt under dine-1."""

from __future__ import annotations

from core.dine.cards import CardSet, card_set


def test_card_set_v2_loads_validates_and_keeps_the_composition() -> None:
    """The v2 candidate passes the game's own validation and keeps the rulebook's 51 cards: the same
    card ids, station names and ships as v1, 2 help, 11 sector, 36 station, 2 ship cards."""
    v2 = card_set("dine-2")
    v1 = card_set("dine-1")
    assert isinstance(v2, CardSet)
    assert v2.version == "dine-2"
    assert len(v2.help) + len(v2.sectors) + len(v2.stations) + len(v2.ships) == 51
    assert [c.id for c in v2.stations] == [c.id for c in v1.stations]
    assert [c.station for c in v2.stations] == [c.station for c in v1.stations]
    assert [c.id for c in v2.sectors] == [c.id for c in v1.sectors]
    assert [s.name for s in v2.ship_sides()] == [s.name for s in v1.ship_sides()]
    assert [level.name for level in v2.levels] == [level.name for level in v1.levels]


def test_card_set_v2_prints_no_jump_or_solution_a_sector_can_never_use() -> None:
    """Issue 16: a danger-0 side strikes on arrival and is cleared at once, so its jump and solutions
    could never be used; v2 has none."""
    v2 = card_set("dine-2")
    for card in v2.sectors:
        for face in (card.front, card.back):
            assert 0 not in face.danger, face.name
