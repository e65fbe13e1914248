# These scenarios name real cards from ../shared/data/; test_real_cards.py runs them and
# skips them with a reason when that folder is absent, so the plugin must not collect them.
collect_ignore_glob = ["*.scn"]
