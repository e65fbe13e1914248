"""Quiz mode: scenario expectations turned into questions for judges in training.

``stepper`` runs a scenario and records the position before each expectation,
``questions`` turns each recorded moment into a question with the engine's answer and
explanation, ``board`` renders a position as text, ``session`` picks scenarios and asks.
"""
