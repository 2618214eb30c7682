//! Archive bytes: never a panic; an archive that reads writes back to the same bytes.
#![no_main]

use citadel_notation::archive;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut bytes = archive::MAGIC.to_vec();
    bytes.push(archive::VERSION);
    bytes.extend_from_slice(data);
    for input in [data, &bytes[..]] {
        if let Ok(records) = archive::read(input) {
            let again = archive::write(&records).expect("encodes");
            assert_eq!(archive::read(&again).expect("decodes"), records);
        }
        let _ = archive::load(input);
    }
});
