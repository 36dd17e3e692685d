"""Offers between two seats: a price named, then accepted, declined or countered.

A trade at a price the two sides agree on (Speculation, seed 004: the
holder of the high trump sells it, anyone buys a face-down card unseen)
is a short conversation, and any game that lets players trade can use
this one:

- one side **opens**: a buyer offers a price, or a seller asks one, for an
  item the game names (a card, a place in a stack ...);
- the other side **answers**: ``accept`` (the deal is made at that price),
  ``decline`` (no deal, the talk is over) or ``counter N`` (a price of its
  own, which the first side must now answer in the same way).

Every counter must give ground: a buyer's counter lies below the price
asked and above every price he named before; a seller's counter lies above
the price offered and below every price she asked before.  Prices are whole
numbers, so the talk always ends, however the two haggle.  The buyer can
never be asked to pay more than he has (``cap``), nor offer less than the
game's ``minimum``.

``Offer`` is the state of one negotiation (cloned with the game's state);
``OfferActions`` adds the three answers to a game's ``ActionSpace`` and
turns an action id into the next step.  What the item is, who may open and
what happens on a deal stay with the game.
"""

from __future__ import annotations

ACCEPTED, DECLINED, COUNTERED = "accepted", "declined", "countered"


class Offer:
    """One negotiation between ``buyer`` and ``seller`` over ``item``.

    ``price`` is the price on the table, named by ``by`` (buyer or seller);
    the other side answers.  ``bid``/``ask`` are the last prices the buyer
    and the seller named (``None`` while a side has named none); ``history``
    lists every (seat, price) named, in order.
    """

    __slots__ = ("buyer", "seller", "item", "price", "by", "bid", "ask", "history")

    def __init__(self, buyer: int, seller: int, item, price: int, by: int):
        if by not in (buyer, seller) or buyer == seller:
            raise ValueError("an offer is made by its buyer or its seller, to the other")
        self.buyer = buyer
        self.seller = seller
        self.item = item
        self.price = price
        self.by = by
        self.bid = price if by == buyer else None
        self.ask = price if by == seller else None
        self.history = [(by, price)]

    def clone(self) -> "Offer":
        new = object.__new__(Offer)
        new.buyer = self.buyer
        new.seller = self.seller
        new.item = self.item
        new.price = self.price
        new.by = self.by
        new.bid = self.bid
        new.ask = self.ask
        new.history = self.history.copy()
        return new

    @property
    def to_answer(self) -> int:
        """The seat that must answer the price on the table."""
        return self.seller if self.by == self.buyer else self.buyer

    def counter_range(self, cap: int, minimum: int = 1) -> range:
        """The prices the answering side may counter with: a buyer below the
        price asked and above his own last bid; a seller above the price
        offered and below her own last ask; never outside minimum..cap."""
        if self.to_answer == self.buyer:
            low = minimum if self.bid is None else self.bid + 1
            return range(low, min(self.price, cap + 1))
        high = cap if self.ask is None else min(cap, self.ask - 1)
        return range(max(self.price + 1, minimum), high + 1)

    def counter(self, price: int) -> None:
        """The answering side names ``price``; the other side answers next."""
        who = self.to_answer
        self.by = who
        self.price = price
        if who == self.buyer:
            self.bid = price
        else:
            self.ask = price
        self.history.append((who, price))

    def to_json(self) -> dict:
        return {"buyer": self.buyer, "seller": self.seller, "price": self.price,
                "named_by": self.by, "answer_by": self.to_answer,
                "prices": [[seat, price] for seat, price in self.history]}

    @classmethod
    def from_json(cls, data: dict, item) -> "Offer":
        """An offer read back from ``to_json`` (for a sampled world)."""
        first_seat, first_price = data["prices"][0]
        offer = cls(data["buyer"], data["seller"], item, first_price, first_seat)
        for seat, price in data["prices"][1:]:
            offer.counter(price)
        return offer


class OfferActions:
    """``accept``, ``decline`` and ``counter N`` (N from 1 to ``max_price``)
    in a game's action space, and what each does to an ``Offer``."""

    __slots__ = ("accept", "decline", "counter", "max_price")

    def __init__(self, space, max_price: int):
        self.accept = space.verb("accept")
        self.decline = space.verb("decline")
        self.counter = space.numbers("counter", range(1, max_price + 1))
        self.max_price = max_price

    def legal(self, offer: Offer, cap: int, minimum: int = 1) -> list[int]:
        """The answers open to ``offer.to_answer``; ``cap`` is what the buyer
        can pay (accepting a price he cannot pay is not offered)."""
        out = []
        if offer.price <= cap:
            out.append(self.accept)
        out.append(self.decline)
        prices = offer.counter_range(min(cap, self.max_price), minimum)
        out.extend(range(self.counter + prices.start - 1, self.counter + prices.stop - 1))
        return out

    def is_answer(self, action: int) -> bool:
        return action in (self.accept, self.decline) or \
            self.counter <= action < self.counter + self.max_price

    def apply(self, offer: Offer, action: int) -> str:
        """Apply a legal answer: ``ACCEPTED`` or ``DECLINED`` end the talk,
        ``COUNTERED`` puts a new price on the table."""
        if action == self.accept:
            return ACCEPTED
        if action == self.decline:
            return DECLINED
        offer.counter(action - self.counter + 1)
        return COUNTERED

    def why_not(self, offer: Offer | None, seat: int, action: int, cap: int,
                minimum: int = 1) -> str | None:
        """Why an answer is refused (``None`` when it is not an answer)."""
        if not self.is_answer(action):
            return None
        if offer is None:
            return "there is no offer on the table to answer"
        if seat != offer.to_answer:
            return f"seat {offer.to_answer} answers the price on the table"
        if action == self.accept:
            return f"the buyer cannot pay {offer.price}"
        prices = offer.counter_range(min(cap, self.max_price), minimum)
        if not prices:
            return "no counter is left: accept or decline"
        side = "bid" if seat == offer.buyer else "ask"
        return (f"a counter must give ground: {side} between {prices.start} and "
                f"{prices.stop - 1}")
