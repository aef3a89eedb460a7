"""The company special abilities and the Executive Officers' powers in player words (issue 13):
each said once here as a catalogue key, so the screens show them in the device's language
(`tools/catalog_js.py` writes them into static/js/catalog.js; the JavaScript looks them up with
`t()`). The engine's tables hold only their parameters (abilities.py, officers.py apply them).
"""

from companion.engine.words import Words, say

# The company special abilities in player words (rulebook Appendix 2 "Company boards"; facts:
# companies.md §1.4, rulings R9 and R15): `short` for the compact card, `text` for the board.
# The engine's tables hold only their parameters (abilities.py applies them).
ABILITIES: dict[str, dict[str, Words]] = {
    "usa_natural_flow_energy": {
        "short": say("+1 energy per drop flowing past a Powerhouse"),
        "text": say(
            "Each Water Drop that flows naturally (along the rivers, in any phase) through a"
            " basin with one of your Powerhouses moves your Energy marker 1 step per drop and"
            " Powerhouse. A drop that reaches that Powerhouse through a Conduit in a production"
            " gives nothing. These steps cannot fulfil contracts."
        ),
    },
    "germany_second_production": {
        "short": say("a 2nd production after each production"),
        "text": say(
            "Right after a production action you may produce once more with a different"
            " Powerhouse of yours: drops × conduit value only (no action-space modifier, no"
            " production bonus); conduit fees as usual. Each production fulfils its own contract;"
            " the two are never added together."
        ),
    },
    "italy_post_production_energy": {
        "short": say("+3 energy after each production"),
        "text": say(
            "After each production action you take, move your Energy marker 3 more steps"
            " (after any contract is fulfilled). These steps cannot fulfil contracts."
        ),
    },
    "france_contract_discount": {
        "short": say("contracts need 3 energy less"),
        "text": say(
            "Any contract, National contracts included, can be fulfilled with 3 energy less"
            " than it asks for."
        ),
    },
    "netherlands_post_production_drop": {
        "short": say("+1 drop in an own Dam after producing"),
        "text": say(
            "After a production action you may put 1 Water Drop from the general supply into"
            " one of your own Dams with room, not the one you just produced from (never a neutral"
            " Dam). The drop does not flow."
        ),
    },
}

# The Executive Officers' powers in player words (rulebook Appendix 3; companies.md §5):
# `short` for the compact card, `power` for the board.
OFFICER_POWERS: dict[str, dict[str, Words]] = {
    "wilhelm_adler": {
        "short": say("Bases cost 3 Excavators"),
        "power": say(
            "Your Bases always cost 3 Excavators, whatever the area. The red-border"
            " 3 Credits are still due."
        ),
    },
    "graziano_del_monte": {
        "short": say("level-3 Dams hold 4 drops"),
        "power": say("Your level-3 Dams hold 4 drops (level 1 and 2 still hold 1 and 2)."),
    },
    "viktor_fiesler": {
        "short": say("a production of 3 or less counts as 4"),
        "power": say(
            "When drops × conduit value is 3 or less, it counts as 4; then the"
            " action-space modifier and the production bonus apply."
        ),
    },
    "jill_mcdowell": {
        "short": say("Conduits payable in Mixers"),
        "power": say(
            "A Conduit may be paid with 1 Mixer × its value instead of 2 Excavators × its"
            " value (all Mixers or all Excavators)."
        ),
    },
    "solomon_p_jordan": {
        "short": say("3 Credits for any Machinery"),
        "power": say(
            "Any Machinery a construction needs may be replaced by 3 Credits, as often as"
            " you like. The Credits go to the general supply, not onto the wheel."
        ),
    },
    "anton_krylov": {
        "short": say("his tile copies a tile on the wheel"),
        "power": say(
            "Starts with a special tile: used for a construction, it copies one Technology"
            " tile on your wheel (its structure and its effect)."
        ),
    },
    "mahiri_sekibo": {
        "short": say("copies another officer's power"),
        "power": say(
            "Put 1 Engineer on her tile to copy another officer's power for this turn;"
            " the 2nd copy in a round also costs 3 Credits."
        ),
    },
    "leslie_spencer": {
        "short": say("External Works onto the wheel"),
        "power": say(
            "External Works: put the Machineries on your wheel with her tile instead of"
            " discarding them, then turn the wheel 1."
        ),
    },
    "margot_fouche": {
        "short": say("uses an activated Private Building"),
        "power": say(
            "Put 1 Engineer on her tile to use the action of one of your activated"
            " Private Buildings."
        ),
    },
    "simone_luciani": {
        "short": say("4 contracts; one production fulfils several"),
        "power": say(
            "Up to 4 face-up contracts; one production may fulfil several contracts whose"
            " needs add up to the energy produced."
        ),
    },
    "tommaso_battista": {
        "short": say("the Architect gives an extra turn"),
        "power": say(
            "One Engineer is the Architect: alone on a 1-Engineer space it gives an extra"
            " turn at once."
        ),
    },
}
