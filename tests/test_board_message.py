"""A drawn board message sent twice (an edit Discord refused, then a post) uploads its picture whole."""

from __future__ import annotations

import io

import discord

from cogs.ui.message import BoardMessage


def test_a_board_message_sent_a_second_time_uploads_its_picture_from_the_start() -> None:
    picture = discord.File(io.BytesIO(b"\x89PNG" + bytes(5000)), filename="board.png")
    message = BoardMessage(embed=discord.Embed(title="x"), files=[picture])
    (sent,) = message.as_edit()["attachments"]
    assert sent.fp.read() == b"\x89PNG" + bytes(5000)  # the first upload reads it to its end
    (again,) = message.as_send()["files"]
    assert again.fp.read() == b"\x89PNG" + bytes(5000)  # a second one starts over
