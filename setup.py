"""Package layout that pyproject.toml cannot say alone: ``assets/`` installs as ``game.assets``.

Everything else about the project is in pyproject.toml.
"""

from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["game", "game.*"]) + ["game.assets"],
    package_dir={"game.assets": "assets"},
    package_data={"game.assets": ["*", "**/*"]},
    exclude_package_data={"game.assets": ["__pycache__/*", "*.pyc"]},
)
