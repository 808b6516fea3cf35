"""Reads Marks' private podcast feed with feedparser (the parser most podcast tools use) and prints what it found
as one JSON line: the channel's and every item's tags as feedparser understood them, and whether it complained
(`bozo`). FEED_URL is the feed's address, secret and all."""
import json
import os
import sys
import time

import feedparser

feed = feedparser.parse(os.environ["FEED_URL"])
channel = feed.feed
summary = {
    "bozo": bool(feed.bozo),
    "bozo_exception": str(feed.get("bozo_exception", "")),
    "status": feed.get("status"),
    "version": feed.version,
    "namespaces": sorted(feed.namespaces.values()),
    "title": channel.get("title"),
    "link": channel.get("link"),
    "description": channel.get("subtitle"),
    "language": channel.get("language"),
    "image": channel.get("image", {}).get("href"),
    "categories": [tag.get("term") for tag in channel.get("tags", [])],
    "explicit": channel.get("itunes_explicit"),
    "block": channel.get("itunes_block"),
    "author": channel.get("author"),
    "self": [link.get("href") for link in channel.get("links", []) if link.get("rel") == "self"],
    "items": [
        {
            "title": entry.get("title"),
            "guid": entry.get("id"),
            "guid_is_link": entry.get("guidislink"),
            "published": time.strftime("%Y-%m-%dT%H:%M:%SZ", entry.published_parsed) if entry.get("published_parsed") else None,
            "published_raw": entry.get("published"),
            "duration": entry.get("itunes_duration"),
            "link": entry.get("link"),
            "description": entry.get("summary"),
            "enclosures": [{"href": e.get("href"), "length": e.get("length"), "type": e.get("type")} for e in entry.get("enclosures", [])],
        }
        for entry in feed.entries
    ],
}
print(json.dumps(summary))
sys.exit(0)
