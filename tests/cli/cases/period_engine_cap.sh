# A search no theorem can prove stops where the engine that runs gets slow, by that engine's
# cost: the sparse engine's estimate from its rare list goes further than the naive model.
"$GRUNDY" period '0.4!4!4!4!4!4!4!4!'
echo "exit $?"
"$GRUNDY" period '0.4!4!4!4!4!4!4!4!' --engine naive
echo "exit $?"
