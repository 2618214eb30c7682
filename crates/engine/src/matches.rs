//! Matches: games between two players with alternating colours, counted in a [`Tally`].

use crate::arbiter::{play_game, Rules};
use crate::player::Contestant;
use crate::record::GameRecord;
use crate::tally::Tally;
use citadel_notation::SanDialect;
use citadel_rules::{Color, Position};

/// A finished game of a match, as the match's progress callback sees it.
pub struct MatchGame<'a, G: SanDialect> {
    /// The game's number, from 0.
    pub number: u32,
    /// Whether the first player had White.
    pub first_white: bool,
    /// The game.
    pub record: &'a GameRecord<G>,
    /// The score so far, from the first player's side.
    pub tally: &'a Tally,
}

/// What a match plays: how many games, by which rules, from which seed, under which
/// `Event` tag.
#[derive(Clone, Debug, PartialEq)]
pub struct Schedule {
    /// Number of games.
    pub games: u32,
    /// How each game is played.
    pub rules: Rules,
    /// The seed of the first pair of games; game `g` is played from `seed + g / 2`.
    pub seed: u64,
    /// The records' `Event` tag.
    pub event: String,
}

/// Plays the games of `schedule` from `start` between `first` and `second`, alternating
/// colours (`first` has White in the even games); each pair of games shares its seed, and
/// so its random opening. The records carry the tags `Event`, `Site`, `Round`, `White` and
/// `Black` (the players' names). `progress` sees every finished game; its error ends the
/// match.
pub fn run_match<G: SanDialect, E>(
    start: &Position<G>,
    [first, second]: [&mut Contestant<G>; 2],
    schedule: &Schedule,
    mut progress: impl FnMut(MatchGame<G>) -> Result<(), E>,
) -> Result<Tally, E> {
    let mut tally = Tally::default();
    for g in 0..schedule.games {
        let first_white = g % 2 == 0;
        let players = if first_white {
            [&mut *first, &mut *second]
        } else {
            [&mut *second, &mut *first]
        };
        let tags = [
            ("Event", schedule.event.clone()),
            ("Site", "citadel".to_string()),
            ("Round", (g + 1).to_string()),
            ("White", players[0].name().to_string()),
            ("Black", players[1].name().to_string()),
        ];
        let seed = schedule.seed.wrapping_add(u64::from(g / 2));
        let record = play_game(start, players, &schedule.rules, seed, &tags);
        let first_colour = if first_white {
            Color::White
        } else {
            Color::Black
        };
        tally.add(first_colour, record.winner());
        let (mine, theirs) = (first_colour.index(), (!first_colour).index());
        tally.effort[0].merge(&record.effort[mine]);
        tally.effort[1].merge(&record.effort[theirs]);
        progress(MatchGame {
            number: g,
            first_white,
            record: &record,
            tally: &tally,
        })?;
    }
    Ok(tally)
}
