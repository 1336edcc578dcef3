"""UI strings of the page shell (lobby, table frame), in English and Japanese.

Games bring their own strings (``pygames.games.<id>.text``); this module only
holds what every table shares. ``t(key, lang, **params)`` formats a string;
a missing Japanese string falls back to English, an unknown key raises
KeyError (tests check both languages are complete).
"""

from __future__ import annotations

import re

LANGS = ("en", "ja")
LANG_NAMES = {"en": "English", "ja": "日本語"}
DEFAULT_LANG = "en"

STRINGS: dict[str, dict[str, str]] = {
    "site_title": {"en": "pygames", "ja": "pygames"},
    "tagline": {"en": "Card games against bots, in your browser. No server, works offline.",
                "ja": "ブラウザでボットと遊ぶカードゲーム。サーバー不要、オフラインでも動きます。"},
    "language": {"en": "Language", "ja": "言語"},
    "choose_game": {"en": "Choose a game", "ja": "ゲームを選ぶ"},
    "no_games": {"en": "No game is ready yet. Come back soon!",
                 "ja": "遊べるゲームはまだありません。もうしばらくお待ちください。"},
    "players_range": {"en": "{lo}–{hi} players", "ja": "{lo}〜{hi}人"},
    "players_exact": {"en": "{n} players", "ja": "{n}人"},
    "num_players": {"en": "Players", "ja": "人数"},
    "seats": {"en": "Seats", "ja": "席"},
    "seat_n": {"en": "Seat {n}", "ja": "{n}番席"},
    "options": {"en": "Options", "ja": "オプション"},
    "no_options": {"en": "This game has no options.", "ja": "このゲームにはオプションがありません。"},
    "from_players": {"en": "from {n} players", "ja": "{n}人以上"},
    "start": {"en": "Start", "ja": "開始"},
    "setup_for": {"en": "New table: {game}", "ja": "新しい卓：{game}"},
    "continue_title": {"en": "Game in progress", "ja": "対局の続き"},
    "continue_summary": {"en": "{game}, {n} players, moves played: {moves}",
                         "ja": "{game}・{n}人・{moves}手目まで"},
    "continue": {"en": "Continue", "ja": "続ける"},
    "discard": {"en": "Discard", "ja": "破棄"},
    "save_damaged": {"en": "Your saved game cannot be continued: {reason}",
                     "ja": "保存された対局を再開できません：{reason}"},
    "save_discarded": {"en": "The saved game was discarded.", "ja": "保存された対局を破棄しました。"},
    "start_failed": {"en": "This table could not be started: {reason}",
                     "ja": "この卓を開始できませんでした：{reason}"},
    "level_human": {"en": "Human", "ja": "人間"},
    "level_random": {"en": "Bot: random", "ja": "ボット：ランダム"},
    "level_easy": {"en": "Bot: easy", "ja": "ボット：やさしい"},
    "level_normal": {"en": "Bot: normal", "ja": "ボット：ふつう"},
    "level_hard": {"en": "Bot: hard", "ja": "ボット：つよい"},
    "level_friend": {"en": "Friend (invite)", "ja": "友だち（招待）"},
    "levelname_friend": {"en": "friend", "ja": "友だち"},
    # what each seat kind is, under the seats (the arena's Elo ladder in docs/bots.md: each bot
    # level wins clearly against the one before it, in every game)
    "levelhelp_human": {"en": "Human: a player at this device.", "ja": "人間：この端末で遊ぶ人。"},
    "levelhelp_random": {"en": "Random: any legal move, picked at random.",
                         "ja": "ランダム：できる手から無作為に選ぶ。"},
    "levelhelp_easy": {"en": "Easy: simple rules of thumb, with a careless move about one time in three.",
                       "ja": "やさしい：簡単な経験則で打ち、3手に1手ほどはうっかり打つ。"},
    "levelhelp_normal": {"en": "Normal: always the move its rules of thumb rate best.",
                         "ja": "ふつう：経験則でいちばん良い手をいつも選ぶ。"},
    "levelhelp_hard": {"en": "Hard: thinks ahead, trying its moves over many guesses at the hidden cards "
                             "(under a second a move).",
                       "ja": "つよい：見えないカードを何通りも想像して先を読む（1手1秒未満）。"},
    "levelhelp_friend": {"en": "Friend: a player on their own device, invited by a link or a QR code.",
                         "ja": "友だち：自分の端末で遊ぶ人。リンクかQRコードで招待する。"},
    "friend_n": {"en": "Friend {n}", "ja": "友だち{n}"},
    "named_seat": {"en": "{name} ({n})", "ja": "{name}（{n}）"},
    "waiting_for": {"en": "Waiting for {name}…", "ja": "{name}を待っています…"},
    "friends_title": {"en": "Friends at this table", "ja": "この卓の友だち"},
    "link_inviting": {"en": "invited: waiting for the reply", "ja": "招待中：返信を待っています"},
    "link_connecting": {"en": "connecting…", "ja": "接続中…"},
    "link_connected": {"en": "connected", "ja": "接続済み"},
    "link_silent": {"en": "not responding", "ja": "応答なし"},
    "link_dropped": {"en": "disconnected: the seat waits", "ja": "切断：席はそのまま待っています"},
    "making_invite": {"en": "Preparing the invite…", "ja": "招待を準備しています…"},
    "invite_for": {"en": "Invite link for seat {n}", "ja": "{n}番席への招待リンク"},
    "invite_hint": {"en": "Send this link to your friend, or let their phone's camera scan the code. "
                          "Their device then shows a reply: scan it or paste it below.",
                    "ja": "このリンクを友だちに送るか、友だちのスマートフォンのカメラでコードを読み取ってもらいます。"
                          "相手の端末に返信が表示されたら、読み取るか下に貼り付けてください。"},
    "copy": {"en": "Copy", "ja": "コピー"},
    "share": {"en": "Share…", "ja": "共有…"},
    "copied": {"en": "Copied.", "ja": "コピーしました。"},
    "copy_failed": {"en": "Could not copy: select the text and copy it by hand.",
                    "ja": "コピーできませんでした。テキストを選択して手動でコピーしてください。"},
    "reply_label": {"en": "Your friend's reply", "ja": "友だちからの返信"},
    "connect": {"en": "Connect", "ja": "接続"},
    "scan_reply": {"en": "Scan the reply", "ja": "返信を読み取る"},
    "scan_title": {"en": "Point the camera at the reply's code", "ja": "返信のコードにカメラを向けてください"},
    "scan_failed": {"en": "The camera could not be used: {reason}", "ja": "カメラを使えませんでした：{reason}"},
    "cancel": {"en": "Cancel", "ja": "キャンセル"},
    "invite_again": {"en": "New invite", "ja": "招待し直す"},
    "invite_someone": {"en": "Invite someone else", "ja": "別の人を招待"},
    "to_bot": {"en": "Hand the seat to a bot", "ja": "この席をボットに任せる"},
    "reply_failed": {"en": "That reply did not work: {reason}", "ja": "その返信は使えませんでした：{reason}"},
    "refused_messages": {"en": "Refused messages", "ja": "拒否したメッセージ"},
    "host_holds_state": {"en": "Your device holds the whole game and sends each friend only what their seat "
                               "may see. Keep this page open while you play.",
                         "ja": "対局の全情報はこの端末にあり、友だちには各自の席から見える情報だけを送ります。"
                               "対局中はこのページを開いたままにしてください。"},
    "join_title": {"en": "Join {host}'s table", "ja": "{host}の卓に参加"},
    "the_host": {"en": "the host", "ja": "ホスト"},
    "join_summary": {"en": "{game}, {n} players. Your seat: {seat}.", "ja": "{game}・{n}人。あなたの席：{seat}番"},
    "your_name": {"en": "Your name", "ja": "あなたの名前"},
    "join": {"en": "Join", "ja": "参加する"},
    "making_reply": {"en": "Preparing your reply…", "ja": "返信を準備しています…"},
    "reply_title": {"en": "Your reply", "ja": "あなたの返信"},
    "reply_hint": {"en": "Show this code to the host so they can scan it, or copy the text and send it to "
                         "them. The table opens here as soon as they connect.",
                   "ja": "このコードをホストに読み取ってもらうか、テキストをコピーして送ってください。"
                         "ホストが接続すると、ここに卓が表示されます。"},
    "guest_waiting_link": {"en": "Waiting for the host to connect…", "ja": "ホストの接続を待っています…"},
    "guest_linked": {"en": "Connected: taking your seat…", "ja": "接続しました。席に着いています…"},
    "guest_dropped": {"en": "The link to the host was lost. Ask the host for a new invite and open it: "
                            "you keep your seat.",
                      "ja": "ホストとの接続が切れました。ホストに新しい招待をもらって開いてください。"
                            "席はそのままです。"},
    "guest_refused": {"en": "The host did not seat you: {reason}", "ja": "ホストの卓に着けませんでした：{reason}"},
    "host_silent": {"en": "The host is not responding…", "ja": "ホストから応答がありません…"},
    "move_sent": {"en": "Move sent: waiting for the host…", "ja": "手を送信しました。ホストを待っています…"},
    "move_refused": {"en": "The host refused the move: {reason}", "ja": "ホストがその手を拒否しました：{reason}"},
    "guest_privacy": {"en": "The host's device runs the game and sends yours only what your seat may see.",
                      "ja": "対局はホストの端末で進み、あなたの端末にはあなたの席から見える情報だけが届きます。"},
    "invite_damaged": {"en": "This invite cannot be used: {reason}", "ja": "この招待は使えません：{reason}"},
    "player_name_label": {"en": "Your name (shown to friends)", "ja": "あなたの名前（友だちに表示）"},
    "undo_asked": {"en": "Asked your friends whether the move may be taken back…",
                   "ja": "手を戻してよいか友だちに確認しています…"},
    "undo_done": {"en": "Everyone agreed: the move was taken back.", "ja": "全員が同意したので、手を戻しました。"},
    "undo_refused": {"en": "{name} did not agree: the move stands.",
                     "ja": "{name}が同意しなかったため、手はそのままです。"},
    "undo_question": {"en": "{name} asks to take back their last move.", "ja": "{name}が直前の手を戻したいそうです。"},
    "undo_agree": {"en": "Agree", "ja": "同意する"},
    "undo_refuse": {"en": "Refuse", "ja": "断る"},
    "still_to_answer": {"en": "Still to answer, in turn: {names}", "ja": "これから応答する順：{names}"},
    "answer_timer": {"en": "Answer timer for friends (where they may pass)",
                     "ja": "友だちの応答時間（パスできる場面）"},
    "timer_off": {"en": "Off: wait for them", "ja": "なし：待つ"},
    "timer_20": {"en": "20 seconds, then pass", "ja": "20秒でパス"},
    "timer_60": {"en": "60 seconds, then pass", "ja": "60秒でパス"},
    "answer_within": {"en": "Answer within {s} seconds, or the table passes for you.",
                      "ja": "{s}秒以内に応答してください。応答がなければパスになります。"},
    "ice_label": {"en": "Servers for play across networks (STUN/TURN URLs, optional)",
                  "ja": "別のネットワーク間で遊ぶためのサーバー（STUN/TURN の URL、任意）"},
    "ice_help": {"en": "Empty (the default): friends must be on the same network, and no other host is "
                       "contacted. A server entered here is contacted by every device at your tables.",
                 "ja": "空欄（既定）：友だちは同じネットワーク上にいる必要があり、他のホストには一切接続しません。"
                       "ここに入力したサーバーには、卓のすべての端末が接続します。"},
    "levelname_random": {"en": "random", "ja": "ランダム"},
    "levelname_easy": {"en": "easy", "ja": "やさしい"},
    "levelname_normal": {"en": "normal", "ja": "ふつう"},
    "levelname_hard": {"en": "hard", "ja": "つよい"},
    # a lone human's name; English log lines say "<name> takes ...", so the name must take a
    # third-person verb: "Player 1 (you) takes" reads right where "You takes" would not
    "you": {"en": "Player {n} (you)", "ja": "あなた（プレイヤー{n}）"},
    "player_n": {"en": "Player {n}", "ja": "プレイヤー{n}"},
    "bot_n": {"en": "Bot {n} ({level})", "ja": "ボット{n}（{level}）"},
    "thinking": {"en": "{name} is thinking…", "ja": "{name}が考えています…"},
    "your_turn": {"en": "Your turn", "ja": "あなたの番です"},
    "back": {"en": "Back", "ja": "戻る"},
    "lobby": {"en": "Lobby", "ja": "ロビー"},
    "new_game": {"en": "New game", "ja": "新しいゲーム"},
    "play_again": {"en": "Play again", "ja": "もう一度遊ぶ"},
    "game_over": {"en": "Game over", "ja": "ゲーム終了"},
    "final_scores": {"en": "Final scores", "ja": "最終結果"},
    "winner": {"en": "Winner: {names}", "ja": "勝者：{names}"},
    "winners": {"en": "Winners: {names}", "ja": "勝者：{names}"},
    "no_winner": {"en": "No winner", "ja": "勝者なし"},
    "list_sep": {"en": ", ", "ja": "、"},
    "log": {"en": "Game log", "ja": "ログ"},
    "log_empty": {"en": "Nothing has happened yet.", "ja": "まだ何も起きていません。"},
    "choices": {"en": "Your choices", "ja": "選択肢"},
    "pass_device": {"en": "Pass the device to {name}", "ja": "{name}に端末を渡してください"},
    "pass_device_hint": {"en": "The other players should look away.",
                         "ja": "ほかのプレイヤーは画面を見ないでください。"},
    "ready": {"en": "I am {name}: show my cards", "ja": "{name}です：手札を見る"},
    "error_title": {"en": "Something went wrong", "ja": "エラーが発生しました"},
    "error_hint": {"en": "You can go back to the lobby or reload the page; your game is saved after every move.",
                   "ja": "ロビーに戻るか、ページを再読み込みしてください。対局は一手ごとに保存されています。"},
    "offline_ready": {"en": "Ready to play offline", "ja": "オフラインで遊べます"},
    "undo": {"en": "Undo", "ja": "取り消し"},
    "undo_hint": {"en": "Take back your last move", "ja": "直前の自分の手を取り消す"},
    "undo_none": {"en": "Nothing to take back yet: you have not moved.", "ja": "取り消せる手はまだありません。"},
    "undo_lesson": {"en": "A lesson's moves are not taken back: restart the lesson instead.",
                    "ja": "レッスンの手は取り消せません。レッスンをやり直してください。"},
    "undo_over": {"en": "The game is over: moves can no longer be taken back.",
                  "ja": "対局は終わりました。手はもう取り消せません。"},
    "undo_friends": {"en": "Undo asks every friend at the table: it waits until all of them are connected.",
                     "ja": "取り消しには卓の友だち全員の同意が必要です。全員が接続するまで使えません。"},
    "undo_seen": {"en": "Undo is not possible now: the next player has already seen their cards.",
                  "ja": "今は取り消せません：次のプレイヤーがすでに手札を見ました。"},
    "undo_blocked": {"en": "Undo is not possible now: something new has been revealed since your last move.",
                     "ja": "今は取り消せません：前の手のあとで新しい情報が公開されました。"},
    "hint": {"en": "Hint", "ja": "ヒント"},
    "hint_busy": {"en": "Thinking about a hint…", "ja": "ヒントを考えています…"},
    "hint_line": {"en": "Hint: {move}.", "ja": "ヒント：{move}。"},
    "hint_reason": {"en": "Estimated win chance {win}% ({visits} simulations of this move).",
                    "ja": "推定勝率 {win}%（この手のシミュレーション {visits} 回）。"},
    "hint_next": {"en": "Next best move: {win}%.", "ja": "次善の手：{win}%。"},
    "rules": {"en": "Rules", "ja": "ルール"},
    "cards": {"en": "Cards", "ja": "カード"},
    "settings": {"en": "Settings", "ja": "設定"},
    "close": {"en": "Close", "ja": "閉じる"},
    "filter_cards": {"en": "Filter cards", "ja": "カードを絞り込む"},
    "all_cards": {"en": "All", "ja": "すべて"},
    "no_cards_match": {"en": "No card matches.", "ja": "該当するカードはありません。"},
    "cards_count": {"en": "Shown: {n}", "ja": "表示：{n}件"},
    "copies": {"en": "×{n}", "ja": "×{n}"},
    "bot_speed": {"en": "Bot speed", "ja": "ボットの速さ"},
    "speed_instant": {"en": "Instant", "ja": "即座"},
    "speed_normal": {"en": "Normal", "ja": "ふつう"},
    "speed_slow": {"en": "Slow", "ja": "ゆっくり"},
    "speed_fixed": {"en": "In force now: {pace} before each bot move, set by the page's address (botdelay). "
                          "The choice above applies once the page is opened without it.",
                    "ja": "現在の速さ：ボットの各手の前に{pace}（ページのアドレスの botdelay で指定）。"
                          "これを付けずに開くと、上の設定が使われます。"},
    "seconds": {"en": "{s} s", "ja": "{s}秒"},
    "animations": {"en": "Animations", "ja": "アニメーション"},
    "export": {"en": "Export", "ja": "書き出し"},
    "export_hint": {"en": "Save the game record as a file", "ja": "棋譜をファイルに保存"},
    "import": {"en": "Import a game record", "ja": "棋譜を読み込む"},
    "import_failed": {"en": "That file cannot be opened: {reason}. Nothing else was changed.",
                      "ja": "そのファイルは開けません：{reason}。ほかには何も変わっていません。"},
    "saved_games": {"en": "Saved games", "ja": "保存された対局"},
    "save_summary": {"en": "{game} · {n} players ({names}) · moves played: {moves}",
                     "ja": "{game}・{n}人（{names}）・{moves}手"},
    "save_round": {"en": "round {round}", "ja": "第{round}ラウンド"},
    "list_dot": {"en": " · ", "ja": "・"},
    "minutes": {"en": "≈ {n} min", "ja": "約{n}分"},
    "minutes_range": {"en": "{lo}–{hi} min", "ja": "{lo}〜{hi}分"},
    "starting": {"en": "Starting…", "ja": "起動中…"},
    "boot_progress": {"en": "Starting the game engine…", "ja": "ゲームエンジンを起動中…"},
    "saved_at": {"en": "saved {date}", "ja": "{date} 保存"},
    "auto_pass": {"en": "{name}: nothing in your hand can answer now — passing…",
                  "ja": "{name}：手札に今応じられるカードがないので、パスします…"},
    "picked": {"en": "Chosen: {steps} →", "ja": "選択中：{steps} →"},
    "delete": {"en": "Delete", "ja": "削除"},
    "replay": {"en": "Replay", "ja": "リプレイ"},
    "replay_title": {"en": "Replay: move {k} of {n}", "ja": "リプレイ：{n}手中 {k}手目"},
    "replay_start": {"en": "Start of the game", "ja": "対局開始"},
    "replay_first": {"en": "First", "ja": "最初"},
    "replay_prev": {"en": "Previous", "ja": "前へ"},
    "replay_next": {"en": "Next", "ja": "次へ"},
    "replay_last": {"en": "Last", "ja": "最後"},
    "replay_move": {"en": "Move", "ja": "手"},
    "replay_view": {"en": "Seen by", "ja": "視点"},
    "spectator": {"en": "Spectator (public only)", "ja": "観戦者（公開情報のみ）"},
    "exit_replay": {"en": "Close replay", "ja": "リプレイを閉じる"},
    "table_tools": {"en": "Table tools", "ja": "卓のメニュー"},
    "new_version": {"en": "A new version is available.", "ja": "新しいバージョンがあります。"},
    "reload": {"en": "Reload", "ja": "再読み込み"},
    "unlimited": {"en": "never runs out", "ja": "無制限"},
}

#: short lobby descriptions of the games we plan; a game may also set ``description`` {en, ja}
GAME_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "coup": {"en": "Bluff, challenge and eliminate: keep your influence to be the last one standing.",
             "ja": "ブラフとチャレンジで相手の影響力を奪い、最後の一人を目指す。"},
    "oriflamme": {"en": "Place cards face down in a shared line, then reveal them to scheme for influence.",
                  "ja": "カードを伏せて列に並べ、順に公開して影響力を競う。"},
    "tournay": {"en": "Build your city district by district and win the tournaments' prestige.",
                "ja": "街を発展させ、トーナメントで名声を得る。"},
    "koryo": {"en": "Gather majorities of the nine families to win their favour each round.",
              "ja": "九つの家門で過半数を集め、その特権を得る。"},
    "houses": {"en": "Great Houses: plots, challenges and dominance in a struggle for the throne.",
               "ja": "大いなる家系：プロット、チャレンジ、支配力で王座を争う。"},
}


#: rough playing time against bots, in minutes (low, high), shown on the lobby tiles
GAME_MINUTES: dict[str, tuple[int, int]] = {
    "coup": (10, 15),
    "oriflamme": (15, 25),
    "tournay": (30, 45),
    "koryo": (15, 25),
    "houses": (30, 45),
}


def pick_lang(stored: object, preferred: list[str] | tuple[str, ...] = ()) -> str:
    """The page's language: the one the user chose (stored), else the first of the browser's
    preferred languages (``navigator.languages``, e.g. "ja-JP") that we offer, else English.
    site/boot.js makes the same choice before Python runs (the pre-rendered lobby)."""
    if isinstance(stored, str) and stored in LANGS:
        return stored
    for tag in preferred:
        primary = str(tag).split("-")[0].lower()
        if primary in LANGS:
            return primary
    return DEFAULT_LANG


def norm_lang(lang: object) -> str:
    return lang if isinstance(lang, str) and lang in LANGS else DEFAULT_LANG


def t(key: str, lang: str = DEFAULT_LANG, **params: object) -> str:
    """The UI string ``key`` in ``lang``, formatted with ``params`` (plain text, not escaped)."""
    entry = STRINGS[key]
    text = entry.get(norm_lang(lang)) or entry[DEFAULT_LANG]
    return text.format(**params) if params else text


def plural(n: int, one: str, other: str) -> str:
    """English count and noun agreeing: ``plural(1, "card", "cards")`` is "1 card", 2 gives "2 cards".

    ``one`` and ``other`` may hold ``{n}`` to place the figure themselves ("{n} card of yours");
    without it the figure goes first. English has exactly these two forms (CLDR's ``one`` and
    ``other``); Japanese counts take a counter word and no plural, so its strings need no helper.
    """
    form = one if n == 1 else other
    return form.format(n=n) if "{n}" in form else f"{n} {form}"


def a_an(word: str) -> str:
    """The English indefinite article for ``word`` by its first letter ("an intrigue", "a power")."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


#: the lone human's seat name in English ("Player 1 (you)", see STRINGS["you"])
_YOU_NAME = re.compile(r"<b class=\"name\">Player \d+ \(you\)</b>'s ")


def tidy(line: str, lang: str) -> str:
    """Last touches of an English log line or prompt made of a name and a sentence (HTML).

    The lone human's seat is named "Player 1 (you)" so that "<name> takes ..." reads right; its
    possessive "Player 1 (you)'s block" does not, so it becomes "your block" ("Your block" at the
    start of the line). Other languages are returned unchanged.
    """
    if lang != "en" or "(you)</b>'s " not in line:
        return line
    line = _YOU_NAME.sub('<b class="name">your</b> ', line)
    return line.replace('<b class="name">your</b>', '<b class="name">Your</b>', 1) \
        if line.startswith('<b class="name">your</b>') else line


#: the minus sign of displayed negative figures (U+2212, not the hyphen-minus)
MINUS = "\u2212"


def signed(n: int, plus: bool = False) -> str:
    """A figure as shown: negatives with U+2212 ("−2"), positives with "+" when ``plus``."""
    if n < 0:
        return f"{MINUS}{-n}"
    return f"+{n}" if plus and n > 0 else str(n)


def unlimited_html(lang: str) -> str:
    """The figure of a bank that never runs out (Coup's Treasury, Tournay's Bank, ...): "∞", said
    in words to a screen reader and in the tooltip, so the bank's label is not a label without a figure."""
    word = t("unlimited", lang)
    return f' <b class="pg-unlimited" title="{word}" aria-hidden="true">∞</b><span class="sr-only">{word}</span>'


def seconds(ms: int, lang: str) -> str:
    """A pause in seconds as shown: "0.6 s", "1.5秒", "0 s"."""
    return t("seconds", lang, s=f"{ms / 1000:g}")


def pace(ms: int, lang: str) -> str:
    """A bot speed choice's pause beside its name: " (0.6 s)", "（0.6秒）"; nothing for no pause."""
    return parens(seconds(ms, lang), lang) if ms else ""


# Japanese punctuation is full-width, one form per use: the colon "：", an aside "（…）", a quote or
# a name "「…」", a tag before a line or after a card's text "【…】". English uses ": ", " (…)",
# quotes and "[…]". Every Japanese text the games show goes through these helpers or writes these
# forms itself; tests/ui/test_wording.py fails on a half-width colon or bracket in Japanese.


def colon(lang: str) -> str:
    """A label's colon: full-width in Japanese ("手札："), ": " in English."""
    return "：" if lang == "ja" else ": "


def parens(inner: str, lang: str) -> str:
    """An aside in brackets after a word: "（6枚）" in Japanese, " (6 cards)" in English."""
    return f"（{inner}）" if lang == "ja" else f" ({inner})"


def tag(inner: str, lang: str) -> str:
    """A tag ("[Military]", a card's "[Unique, Loyal]"): "【軍事】" in Japanese, "[Military]" in English."""
    return f"【{inner}】" if lang == "ja" else f"[{inner}]"


def seat_name(seat: int, names: list[str] | None, lang: str) -> str:
    """A seat as a choice's label names it: the table's name for it ("Bot 2 (normal)"), else
    "Player N" (a render test that passes no names)."""
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return t("player_n", lang, n=seat + 1)


def join_names(names: list[str], lang: str) -> str:
    return t("list_sep", lang).join(names)


def game_description(game: object, lang: str) -> str:
    """A game's lobby blurb: its own ``description`` if it has one, else ours, else ""."""
    own = getattr(game, "description", None)
    if isinstance(own, dict) and own:
        return own.get(norm_lang(lang)) or own.get(DEFAULT_LANG, "")
    table = GAME_DESCRIPTIONS.get(getattr(game, "id", ""), {})
    return table.get(norm_lang(lang), "")


def game_title(game: object, lang: str) -> str:
    title = getattr(game, "title", None) or {}
    return str(title.get(norm_lang(lang)) or title.get(DEFAULT_LANG) or getattr(game, "id", "?"))


# Keyboard play, the step prompts and the saves' confirm (issue 38, focus and keyboard): kept in a
# block of their own so that other work on the tables above merges cleanly.
STRINGS.update({
    "kb_title": {"en": "Keyboard", "ja": "キーボード操作"},
    "kb_hand": {"en": "Your hand", "ja": "あなたの手札"},
    "kb_table": {"en": "The table", "ja": "卓の様子"},
    "kb_log": {"en": "Last moves", "ja": "直近の手"},
    "kb_scores": {"en": "Scores", "ja": "得点"},
    "kb_turn": {"en": "Whose turn", "ja": "手番"},
    "kb_nothing": {"en": "nothing", "ja": "なし"},
    "kb_choices_are": {"en": "Choices: {choices}.", "ja": "選択肢：{choices}。"},
    "kb_hand_help": {"en": "read your hand", "ja": "自分の手札を読み上げる"},
    "kb_table_help": {"en": "read the table (each player's public state)",
                      "ja": "卓を読み上げる（各プレイヤーの公開情報）"},
    "kb_log_help": {"en": "read the last moves", "ja": "直近の手を読み上げる"},
    "kb_scores_help": {"en": "read the scores", "ja": "得点を読み上げる"},
    "kb_turn_help": {"en": "whose turn it is, what is awaited and the choices",
                     "ja": "誰の手番か、何を待っているか、選択肢"},
    "kb_number_help": {"en": "pick the choice with that number", "ja": "その番号の選択肢を選ぶ"},
    "kb_escape_help": {"en": "back out of a move of several clicks (or close a card or dialog)",
                       "ja": "複数クリックの手を1つ戻す（カードやダイアログを閉じる）"},
    "kb_tab_help": {"en": "move between the choices; Enter picks", "ja": "選択肢の間を移動、Enterで選ぶ"},
    "step_next": {"en": "{steps} — now choose the next step.", "ja": "{steps}：次を選んでください。"},
    "delete_confirm": {"en": "Delete this saved game?", "ja": "この保存したゲームを削除しますか？"},
    "delete_yes": {"en": "Yes, delete", "ja": "削除する"},
    "delete_no": {"en": "Keep it", "ja": "残す"},
})
