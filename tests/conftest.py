import os

import pytest

# Tests never read the user's own asset overrides.
os.environ["TOKYO_ASSETS"] = os.path.join(os.path.dirname(__file__), "no-user-assets")


@pytest.fixture(scope="session")
def chocolate_milk():
    from core import games
    return games.load("chocolate_milk")
