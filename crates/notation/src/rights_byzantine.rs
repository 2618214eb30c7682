//! The FEN rights field of Byzantine chess: it has no rights, so the field is always `-`.

use crate::rights_shatranj::parse_none;
use crate::FenRights;
use citadel_rules::{Byzantine, Setup};

impl FenRights for Byzantine {
    fn parse_rights(text: &str, setup: &mut Setup) -> Result<(), String> {
        parse_none(text, setup)
    }
    fn write_rights(_setup: &Setup) -> String {
        "-".into()
    }
}
