#!/usr/bin/env python3
"""Draws the PNG icons of the web app manifest from Public/icon.svg's shapes (Pillow).

Public/icon-192.png and icon-512.png: the rounded square as in the SVG; icon-maskable-512.png:
the square full bleed with the chart line inside the central 80 % safe zone.
Run from the repository root: python3 scripts/make-icons.py
"""
from PIL import Image, ImageDraw

BLUE = (0x1D, 0x5F, 0xD1, 255)
WHITE = (255, 255, 255, 255)
LINE = [(8, 22), (13, 15), (17, 18), (24, 9)]  # icon.svg's path in its 32-unit box


def draw(size, maskable):
    scale = 4  # draw large, then shrink: smooth edges
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)
    if maskable:
        d.rectangle([0, 0, big, big], fill=BLUE)
        unit, offset = big * 0.8 / 32, big * 0.1
    else:
        unit, offset = big / 32, 0
        d.rounded_rectangle([0, 0, big - 1, big - 1], radius=7 * unit, fill=BLUE)
    points = [(offset + x * unit, offset + y * unit) for x, y in LINE]
    width = round(3 * unit)
    d.line(points, fill=WHITE, width=width, joint="curve")
    for x, y in points[:1]:
        r = width / 2
        d.ellipse([x - r, y - r, x + r, y + r], fill=WHITE)
    cx, cy = points[-1]
    r = 2.2 * unit
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=WHITE)
    return image.resize((size, size), Image.LANCZOS)


if __name__ == "__main__":
    draw(192, False).save("Public/icon-192.png", optimize=True)
    draw(512, False).save("Public/icon-512.png", optimize=True)
    draw(512, True).save("Public/icon-maskable-512.png", optimize=True)
