"""The App's part for tables with friends on other devices: the host's links and a friend's device.

``FriendsTable`` is mixed into :class:`pygames.ui.app.App`: the page's glue calls ``net_commands``
(what ``site/peer.js`` must do), ``net_offer_made`` / ``net_answer_made`` / ``net_failed`` /
``net_event`` (what it did and what arrived) and ``net_tick`` (about once a second); the page's
friend controls come in through ``App.action`` (``PAGE_ACTIONS``). The protocol is
:mod:`pygames.net`; the markup is :mod:`pygames.ui.friends`.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import INFOS
from ..core import Action
from ..net.guest import GuestNet
from ..net.host import HostNet
from ..net.protocol import ProtocolError, parse_invite
from .friends import guest_links, join_html
from .html import describe_error
from .i18n import t
from .page import TableExtras, hint_text, lobby_button, table_html, topbar
from .remote import GuestSession

if TYPE_CHECKING:
    from .app import Storage
    from .session import TableSession

KEY_FRIENDS_PREFIX = "pygames.friends."  # + save id: the friend seats of a hosted table (names, secrets)
KEY_GUEST_PREFIX = "pygames.guest."  # + the host's table id: this device's secret for its seat there
ANSWER_TIMERS = {"off": None, "20": 20, "60": 60}  # seconds a friend has to answer where passing is allowed
ICE_SCHEMES = ("stun:", "stuns:", "turn:", "turns:")


def ice_servers(text: str) -> list[dict]:
    """The STUN/TURN servers of the settings: one per line, ``URL`` or ``URL username credential``.
    Empty (the default): none, so that pairing contacts no host at all."""
    servers = []
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        if not parts[0].startswith(ICE_SCHEMES) or len(parts) not in (1, 3):
            raise ValueError(f"not a STUN/TURN server line: {line.strip()[:60]!r}")
        server: dict = {"urls": parts[0]}
        if len(parts) == 3:
            server["username"], server["credential"] = parts[1], parts[2]
        servers.append(server)
    return servers


class FriendsTable:
    """What the App does for friends at other devices (its state is set up in ``App.__init__``)."""

    # the App's attributes this part reads and writes
    storage: Storage
    settings: dict
    lang: str
    notice: str | None
    epoch: int
    save_id: str | None
    session: TableSession | None
    hint: dict | None
    hint_busy: bool
    page_url: str
    random_below: Callable[[int], int]
    monotonic: Callable[[], float]
    net: HostNet | None
    guest: GuestNet | None
    guest_session: GuestSession | None
    reply_text: str
    friend_notice: str | None
    _commands: list[dict]

    if TYPE_CHECKING:  # the App's methods this part calls
        def _close(self) -> None: ...
        def _save(self) -> None: ...
        def _moved(self) -> None: ...
        def _undo_agreed(self) -> None: ...
        def names(self) -> list[str]: ...
        def can_hint(self) -> bool: ...
        def hint_first_key(self) -> str | None: ...

    def _render_guest(self, extras: TableExtras) -> str:
        assert self.guest is not None
        guest = self.guest_session
        if guest is None:
            return join_html(self.guest, self.settings["name"], self.lang,
                             topbar(self.lang, "", lobby_button(self.lang)))
        extras.guest = True
        extras.can_hint = self.can_hint()
        extras.hint_busy = self.hint_busy
        names = self.names()
        if self.hint is not None:
            extras.hint = hint_text(guest, self.hint, self.lang, names)
            extras.hint_key = self.hint_first_key()
        extras.friends = guest_links(guest, names, self.lang)
        return table_html(guest, self.lang, names, extras)

    # ------------------------------------------------------------------ friends on other devices
    def net_commands(self) -> list[dict]:
        """What the page must do now for the links (``op``: offer / accept / answer / send / close)."""
        for net in (self.net, self.guest):
            if net is not None and net.commands:
                self._commands.extend(net.commands)
                net.commands.clear()
        commands, self._commands = self._commands, []
        return commands

    def net_offer_made(self, conn: str, sdp: str) -> None:
        if self.net is not None:
            self.net.offer_made(conn, sdp)

    def net_answer_made(self, conn: str, sdp: str) -> None:
        if self.guest is not None:
            self.guest.answer_made(sdp)

    def net_failed(self, conn: str, reason: str) -> None:
        """The page could not make an offer or answer, or accept one."""
        if self.guest is not None:
            self.guest.status, self.guest.reason = "refused", reason
        elif self.net is not None:
            self.friend_notice = t("reply_failed", self.lang, reason=reason)
            for friend in self.net.friends.values():
                if friend.conn == conn and friend.status == "connecting":
                    friend.status = "inviting"

    def net_event(self, conn: str, kind: str, data: Any = None) -> None:
        """Something happened on a link: opened, a message, closed, an error."""
        if self.net is not None:
            before = len(self.session.actions) if self.session is not None else 0
            self.net.event(conn, kind, data)
            if self.session is not None and len(self.session.actions) != before:
                self.epoch += 1
            self._save_friends()
        elif self.guest is not None:
            self.guest.event(conn, kind, data)
            self._guest_changed()

    def net_tick(self) -> bool:
        """Heartbeats and silence (call about once a second); True when the screen should be redrawn."""
        if self.net is not None:
            return self.net.tick()
        if self.guest is not None:
            return self.guest.tick()
        return False

    def open_invite(self, fragment: str) -> bool:
        """A friend's invite link was opened: the join screen (a damaged invite: a notice in the lobby)."""
        try:
            invite = parse_invite(fragment, INFOS)
        except ProtocolError as exc:
            self.notice = t("invite_damaged", self.lang, reason=describe_error(exc))
            return False
        self._close()
        secret = self.storage.get(KEY_GUEST_PREFIX + invite.table)
        self.guest = GuestNet(invite, self.settings["name"], secret, self.monotonic,
                              ice_servers=self._ice())
        self.epoch += 1
        return True

    def _guest_changed(self) -> None:
        guest = self.guest
        if guest is None:
            return
        if guest.welcome is not None and guest.secret:
            key = KEY_GUEST_PREFIX + guest.invite.table
            if self.storage.get(key) != guest.secret:
                self.storage.set(key, guest.secret)
        if self.guest_session is None and guest.welcome is not None and guest.table is not None:
            self.guest_session = GuestSession(guest)
            self.epoch += 1

    def _ice(self) -> list[dict]:
        try:
            return ice_servers(self.settings.get("ice", ""))
        except ValueError:
            return []

    def _start_friends(self) -> None:
        """A table with friend seats: invites for them (again, after the host's page was reloaded)."""
        session = self.session
        if session is None or not session.has_friends() or self.save_id is None:
            return
        try:
            saved = json.loads(self.storage.get(KEY_FRIENDS_PREFIX + self.save_id) or "[]")
        except ValueError:
            saved = []
        self.net = HostNet(session, self.save_id, self.settings["name"], self._friend_move, self.monotonic,
                           self.random_below, saved=saved if isinstance(saved, list) else [],
                           ice_servers=self._ice(), answer_s=ANSWER_TIMERS[self.settings["answer_timer"]])
        self.net.undo_agreed = self._undo_agreed
        self.net.begin()

    def _friend_move(self, seat: int, action: Action) -> None:
        session = self.session
        assert session is not None
        session.apply(action)  # the rules check it: IllegalAction is refused, and nothing changed
        self._moved()

    def _save_friends(self) -> None:
        if self.net is not None and self.save_id is not None:
            text = json.dumps(self.net.to_json())
            if self.storage.get(KEY_FRIENDS_PREFIX + self.save_id) != text:
                self.storage.set(KEY_FRIENDS_PREFIX + self.save_id, text)

    def _do_friend_connect(self, value: str = "") -> None:
        if self.net is None:
            return
        try:
            self.net.reply(value or self.reply_text)
        except ProtocolError as exc:
            self.friend_notice = t("reply_failed", self.lang, reason=describe_error(exc))
            return
        self.reply_text = ""
        self.friend_notice = None

    def _friend_seat(self, value: str) -> int:
        if self.net is None or not value.isdigit() or int(value) not in self.net.friends:
            raise ValueError(f"no friend seat {value!r}")
        return int(value)

    def _do_friend_invite(self, value: str) -> None:
        self.net.invite(self._friend_seat(value))  # type: ignore[union-attr]

    def _do_friend_anyone(self, value: str) -> None:
        self.net.invite(self._friend_seat(value), anyone=True)  # type: ignore[union-attr]
        self._save_friends()

    def _do_friend_bot(self, value: str) -> None:
        seat = self._friend_seat(value)
        assert self.net is not None and self.session is not None
        self.net.hand_to_bot(seat)
        self.session.set_seat_kind(seat, "normal")
        self.epoch += 1
        self._save()
        self._save_friends()
        self.net.publish()
        if not self.net.friends:
            self.net = None

    def _do_join(self, _value: str = "") -> None:
        if self.guest is None or self.guest.joined:
            return
        self.guest.name = self.settings["name"]
        try:
            self.guest.begin()
        except ProtocolError as exc:
            self.guest.status, self.guest.reason = "refused", describe_error(exc)

    def _do_undo_yes(self, _value: str = "") -> None:
        if self.guest is not None:
            self.guest.answer_undo(True)

    def _do_undo_no(self, _value: str = "") -> None:
        if self.guest is not None:
            self.guest.answer_undo(False)

    def _do_flash(self, value: str) -> None:
        """The page copied or shared a text (or could not): say so where the friends are shown."""
        if value in ("copied", "copy_failed"):
            self.friend_notice = t(value, self.lang)

