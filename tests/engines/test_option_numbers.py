"""Numbers are numbers: an option refuses NaN, infinities and integers beyond any sense."""

from __future__ import annotations

import pytest

from companion.engines import registry
from companion.engines.base import InvalidOptions, Option


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_a_float_option_refuses_what_is_not_a_finite_number(value: float) -> None:
    tolerance = registry.get("beware-of-the-wolf").option("midline_tolerance")
    with pytest.raises(InvalidOptions, match="can be a number from 0 to 10, not "):
        tolerance.validate(value)


@pytest.mark.parametrize(
    "value", [10**5000, -(10**20), 2**53 + 1], ids=["5000 digits", "-1e20", "2**53+1"]
)
def test_an_int_option_without_bounds_refuses_huge_integers(value: int) -> None:
    option = Option(key="count", default=1, description="", rulebook="")
    with pytest.raises(
        InvalidOptions, match='"Count" can be a whole number, not a number that large'
    ):
        option.validate(value)


def test_ordinary_numbers_still_pass() -> None:
    assert Option(key="count", default=1, description="", rulebook="").validate(2**53) == 2**53
    tolerance = registry.get("beware-of-the-wolf").option("midline_tolerance")
    assert tolerance.validate(tolerance.default) == tolerance.default
