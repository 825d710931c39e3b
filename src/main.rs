fn main() {
    vrhcaby::start();
}
