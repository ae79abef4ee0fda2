# Folds matches with the rules core: each line of the file argv[1] is
# [game, config, events]; prints the view before any event and after each, as
# JSON, one a line, and "END" after each match.
import json
import sys

from parlour_rules.log import MatchLog


def run():
    with open(sys.argv[1]) as f:
        while True:
            line = f.readline()
            if not line:
                break
            game, config, events = json.loads(line)
            log = MatchLog(game, config)
            print(json.dumps(log.view()))
            for event in events:
                log.append(event)
                print(json.dumps(log.view()))
            print("END")


run()
