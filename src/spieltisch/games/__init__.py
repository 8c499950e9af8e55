"""The four games. Each subpackage registers one ``Game`` with the engine registry on
import; ``spieltisch.game(id)`` imports it lazily."""
