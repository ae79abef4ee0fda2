from parlour_rules import tokens


def case_stump_tokens():
    return [tokens.parse_stump(t) for t in ("1", "40", "w", "W=9", "w=40")]


def case_stump_format():
    return [tokens.format_stump(17, False), tokens.format_stump(0, True),
            tokens.format_stump(9, True)]


def case_refuse_stump_41():
    return tokens.parse_stump("41")


def case_refuse_stump_wild_zero():
    return tokens.parse_stump("W=0")


def case_dartex_tokens():
    words = ("1", "20", "25", "bull", "DOUBLE", "treble", "OFF", "CHAMP=18", "champ=25",
             "FOUL@2.3", "wire@0.1", "FOUL")
    out = []
    for w in words:
        card, target = tokens.parse_dartex(w)
        out.append([card, target, tokens.format_dartex(card, target)])
    return out


def case_refuse_dartex_21():
    return tokens.parse_dartex("21")


def case_refuse_dartex_champ_bull():
    return tokens.parse_dartex("CHAMP=50")


def case_refuse_dartex_target_on_double():
    return tokens.parse_dartex("DOUBLE@1.1")


def case_refuse_dartex_bad_target():
    return tokens.parse_dartex("FOUL@2")


def case_dartex_numbers():
    return [tokens.dartex_number(c) for c in (7, 25, tokens.BULL, tokens.CHAMP + 18,
                                               tokens.DOUBLE)]
