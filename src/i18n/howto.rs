//! "How to play", drawn from RULES.md.

use super::Lang;

/// The short "How to play" text, drawn from RULES.md: (heading, paragraphs).
#[must_use]
pub fn how_to_play(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::Cs => &[
            ("Cíl hry", "Jako první vyveď z desky všech svých 15 kamenů. Výhra je vždy prostá (1 : 0)."),
            ("Začátek", "Kdo začíná, určí los; hází se samo a hned, první hod může být i dvojice."),
            ("Tah", "Každá kostka je jeden posun jednoho kamene, dvojice dává čtyři posuny. Klepni na kámen a pak na zvýrazněný cíl (nebo kámen přetáhni; na klávesnici N přejde na další kámen, který může táhnout, Enter ho vybere, N a Enter zahrají cíl). Pořadí kostek volíš sám; povinnost hrát obě kostky ani vyšší kostku tu není. Tah skončí sám, když kostky dojdou nebo už nic nejde."),
            ("Kam smíš", "Na prázdný bod, na svůj bod, nebo na bod s jediným soupeřovým kamenem — ten vyhodíš na bar. Bod se 2 a více soupeřovými kameny je blokovaný. Máš-li kámen na baru, musíš ho nejdřív vrátit do hry (kostka 1 → bod 24, kostka 6 → bod 19)."),
            ("Vyvádění", "Až máš všechny kameny doma (body 1–6), vyvádíš: přesnou kostkou z jejího bodu, vyšší kostkou jen z nejvzdálenějšího obsazeného bodu. Jde-li kámen vyvést přesnou i vyšší kostkou, použije se přesná."),
            ("Čas", "Na každý posun je 60 sekund (ukazuje je kroužek). Když soupeři čas vyprší, můžeš stisknout Nečekat a vyhráváš. 10 hodin bez posunu prohrává hráč na tahu."),
            ("Remíza a vzdání", "Remízu smíš nabídnout na tahu po 4 posunech ve hře, další až po 4 dalších. Soupeř přijme, odmítne, nebo se vzdá; bez odpovědi do 60 s nabídka propadne. Vzdát se lze kdykoli. Po 5 propadlých hodech za sebou je remíza."),
            ("Čísla ve hře", "Pipy jsou součet bodů, které ještě musí ujít všechny tvoje kameny, než je vyvedeš — kdo jich má méně, vede v závodě. Vyvedeno je počet kamenů už mimo desku. Číslo v kroužku jsou sekundy na tah. Učitel a rozbor říkají, o kolik procent šance na výhru tah přišel proti nejlepšímu tahu."),
        ],
        Lang::En => &[
            ("Goal", "Be the first to bear off all 15 of your checkers. A win is always a single win (1 : 0)."),
            ("Start", "The first player is drawn by lot; the dice roll by themselves, and the first roll may be a double."),
            ("A turn", "Each die moves one checker that many points; a double gives four moves. Tap a checker, then a highlighted target (or drag it; on the keyboard N goes to the next checker that can move, Enter picks it, N and Enter play a target). You choose the order of the dice; there is no duty to play both dice or the higher one. The turn ends by itself when the dice are used or nothing is playable."),
            ("Where to land", "On an empty point, your own point, or a point with a single opposing checker — which you hit to the bar. A point with 2+ opposing checkers is blocked. A checker on the bar must enter first (die 1 → point 24, die 6 → point 19)."),
            ("Bearing off", "With all your checkers home (points 1–6) you bear off: an exact die from its point, a higher die only from the farthest occupied point. If the exact and a higher die can both bear a checker off, the exact one is used."),
            ("Time", "Each move has 60 seconds (the ring shows them). When your opponent's time runs out you may press Don't wait and win. After 10 hours without a move the player to move loses."),
            ("Draws and resigning", "The player to move may offer a draw once 4 moves have been played, and again after 4 more. The opponent accepts, declines or resigns; unanswered for 60 s, the offer lapses. You may resign at any time. Five forfeited rolls in a row make a draw."),
            ("The numbers in a game", "Pips are the points all your checkers still have to travel before they are borne off — whoever has fewer leads the race. Off counts your checkers already off the board. The number in the ring is the seconds left for the move. The tutor and the analysis say how many percent of the winning chances a play gave away against the best play."),
        ],
    }
}

/// Standard backgammon's rules (RULES.md T1–T11), after the house rules' (the full app only).
#[must_use]
pub fn how_to_play_standard(lang: Lang) -> &'static [(&'static str, &'static str)] {
    match lang {
        Lang::Cs => &[
            ("Standardní backgammon", "Deska, postavení, pohyb, vyhazování, bar a vyvádění jsou stejné jako ve vrhcábech. Liší se toto:"),
            ("Úvodní hod", "Každý hodí jednou kostkou; vyšší začíná a hraje obě čísla. Při shodě se hází znovu (ve hře o peníze může shoda zdvojit kostku, je-li to dohodnuto)."),
            ("Povinné kostky", "Hrát se musí obě kostky, jde-li to; jde-li jen jedna, ta; jde-li kterákoli, ale ne obě, ta vyšší; z dvojice co nejvíc posunů. Proto svítí jen cíle tahů, které to dovolí."),
            ("Kostka zdvojení", "Před svým hodem smíš zdvojit (Zdvojit), je-li kostka uprostřed nebo tvoje. Soupeř přijme — hraje se o dvojnásobek a kostka je jeho — nebo nepřijme a prohraje dosavadní hodnotu. Nejvýš 64. Bobr: kdo přijal, smí hned zdvojit znovu a kostku si nechat; mýval je odpověď na bobra."),
            ("Body", "Výhra platí hodnotu kostky; gammon (soupeř nevyvedl nic) dvojnásobek, backgammon (navíc má kámen na baru nebo ve tvém domě) trojnásobek. Jacobyho pravidlo: dokud nikdo nezdvojil, gammon i backgammon platí jednoduše."),
            ("Vzdání", "Vzdát se lze za jednoduchou hru, gammon nebo backgammon; soupeř přijme, nebo se hraje dál. Odchod ze hry nebo prohra na čas stojí backgammon (v zápase celý zápas). Remízy nejsou."),
            ("Zápas", "Hraje se do N bodů. Hra hned poté, co někdo poprvé potřebuje jen 1 bod, je Crawfordova: bez zdvojování. Pak je kostka zpět."),
        ],
        Lang::En => &[
            ("Standard backgammon", "The board, the start, moving, hitting, the bar and bearing off are as in Vrhcáby. What differs:"),
            ("Opening roll", "Each player rolls one die; the higher starts and plays both numbers. Ties are rolled again (in money play a tie may double the cube, if agreed)."),
            ("Compulsory dice", "Both dice must be played if possible; if only one can be, that one; if either but not both, the higher; of a double as many as possible. So only the targets of moves that allow it light up."),
            ("The doubling cube", "Before your roll you may double (Double) if the cube is in the middle or yours. Your opponent takes — the game is played for twice as much and the cube is theirs — or drops and loses its value so far. At most 64. Beaver: the taker may redouble at once and keep the cube; a raccoon answers a beaver."),
            ("Points", "A win scores the cube's value; a gammon (the loser has borne off nothing) twice, a backgammon (and a checker on the bar or in your home) three times. Jacoby rule: until someone doubles, gammons and backgammons count single."),
            ("Resigning", "You may resign a single game, a gammon or a backgammon; your opponent accepts, or play goes on. Leaving or losing on time costs a backgammon (in a match, the match). There are no draws."),
            ("Matches", "Played to N points. The game right after a player first needs just 1 point is the Crawford game: no doubling. Then the cube is back."),
        ],
    }
}

/// The direction picture's words: (White's line, Black's line, White's home, Black's home).
#[must_use]
pub fn direction_words(lang: Lang) -> (&'static str, &'static str, &'static str, &'static str) {
    match lang {
        Lang::Cs => ("━ Bílý", "┅ Černý", "domov Bílého (1–6)", "domov Černého"),
        Lang::En => ("━ White", "┅ Black", "White's home (1–6)", "Black's home"),
    }
}

/// The direction picture's caption (and its name for screen readers).
#[must_use]
pub fn direction_caption(lang: Lang) -> &'static str {
    match lang {
        Lang::Cs => {
            "Směr hry: Bílý táhne od svého bodu 24 vpravo nahoře doleva, dolů a doprava \
            domů na body 1–6 vpravo dole; Černý obráceně, domů vpravo nahoru. Každý hráč vidí \
            body číslované ze svého pohledu."
        }
        Lang::En => {
            "The direction of play: White moves from its point 24 at the top right, \
            leftwards, down and rightwards home to points 1–6 at the bottom right; Black the \
            other way round, home at the top right. Each player sees the points numbered from \
            their own side."
        }
    }
}
